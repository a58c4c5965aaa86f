import { Heading, List, Stack, Text } from '@chakra-ui/react';
import { flowNames } from './studio-data.ts';
import { STUDIO, StudioLink, usePageTitle } from './studio-parts.tsx';

/** Every machine of flows/. */
export function FlowsPage() {
  usePageTitle('Flows');
  return (
    <Stack gap="4">
      <Heading as="h1" size="2xl">Flows</Heading>
      <Text>Each machine of <code>flows/</code> drawn from its YAML, with its transitions in words and the screen views of each state.</Text>
      <List.Root as="ul" gap="2" ps="5">
        {flowNames.map((name) => (
          <List.Item key={name}><StudioLink to={`${STUDIO}/flows/${name}`}>{name}</StudioLink></List.Item>
        ))}
      </List.Root>
    </Stack>
  );
}
