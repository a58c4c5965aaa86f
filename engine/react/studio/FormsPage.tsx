import { Heading, List, Stack, Text } from '@chakra-ui/react';
import { use } from 'react';
import { formIds, formUses, loadScreens } from './studio-data.ts';
import { STUDIO, StudioLink, usePageTitle } from './studio-parts.tsx';

/** Every form of schemas/forms/, with the screens that show it. */
export function FormsPage() {
  usePageTitle('Forms');
  const uses = formUses(use(loadScreens()));
  return (
    <Stack gap="4">
      <Heading as="h1" size="2xl">Forms</Heading>
      <Text>Each form of <code>schemas/forms/</code> alone, with sample values, in every theme at phone and desktop widths.</Text>
      <List.Root as="ul" gap="2" ps="5">
        {formIds.map((id) => (
          <List.Item key={id}>
            <StudioLink to={`${STUDIO}/forms/${id}`}>{id}</StudioLink>
            <Text as="span" color="fg.muted"> — {uses.has(id) ? `on ${uses.get(id)!.join(', ')}` : 'on no screen'}</Text>
          </List.Item>
        ))}
      </List.Root>
    </Stack>
  );
}
