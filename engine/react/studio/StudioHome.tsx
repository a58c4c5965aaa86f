import { Heading, List, Stack, Text } from '@chakra-ui/react';
import { flowNames, formIds } from './studio-data.ts';
import { routeRows } from './route-rows.ts';
import { useStudioConfig } from './studio-config.ts';
import { STUDIO, StudioLink, usePageTitle } from './studio-parts.tsx';
import type { RoutesDoc } from '../../core/routes.ts';

/** The gallery's first page: its three parts. */
export function StudioHome() {
  usePageTitle('Studio');
  const config = useStudioConfig();
  const routes = routeRows(config.routesDoc as RoutesDoc, config.enabledFeatures).length;
  const parts = [
    { to: `${STUDIO}/routes`, title: 'Routes', text: `${routes} routes: each one's address, the screen it shows, its layout, who may open it and its feature flag.` },
    { to: `${STUDIO}/forms`, title: 'Forms', text: `${formIds.length} forms, each alone with sample values, validating as you type, in every theme at 390 and 1280 px.` },
    { to: `${STUDIO}/flows`, title: 'Flows', text: `${flowNames.length} machines drawn from their YAML: states, transitions, and the screen views that show each state.` },
  ];
  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">Studio</Heading>
      <Text>The portal's configuration as it is now, for checking a change before it ships. It reads the same files the portal is built from and follows their edits as they are saved.</Text>
      <List.Root as="ul" listStyle="none" ps="0" gap="4">
        {parts.map((part) => (
          <List.Item key={part.to}>
            <Heading as="h2" size="lg"><StudioLink to={part.to}>{part.title}</StudioLink></Heading>
            <Text>{part.text}</Text>
          </List.Item>
        ))}
      </List.Root>
    </Stack>
  );
}
