import { Box, chakra, Field, Flex, Heading, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useParams, useSearchParams } from 'react-router';
import { formIds } from './studio-data.ts';
import { useStudioConfig } from './studio-config.ts';
import { Mono, STUDIO, StudioLink, usePageTitle } from './studio-parts.tsx';

/** The widths a form is shown at: a phone's and a desktop's. */
export const FRAME_WIDTHS = [390, 1280] as const;

/**
 * One form at both widths side by side. Frames, not boxes of those widths: the portal's layout
 * follows the window's width (media queries), which only a frame of that width has.
 */
export function FormPage() {
  const id = useParams().id ?? '';
  usePageTitle(`Form ${id}`);
  const { themes, app } = useStudioConfig();
  const [search, setSearch] = useSearchParams();
  const theme = search.get('theme') && Object.hasOwn(themes, search.get('theme')!) ? search.get('theme')! : app.defaultTheme;
  if (!formIds.includes(id)) {
    return <Text>There is no form <Mono>{id}</Mono>. <StudioLink to={`${STUDIO}/forms`}>All forms</StudioLink></Text>;
  }
  return (
    <Stack gap="4">
      <Heading as="h1" size="2xl">Form {id}</Heading>
      <Text>
        <Mono>schemas/forms/{id}.yaml</Mono> with sample values from its schema. Type to see its messages as the portal shows them;
        a field whose sample does not meet its schema (a pattern, say) starts empty. <StudioLink to={`${STUDIO}/forms`}>All forms</StudioLink>
      </Text>
      <Field.Root maxW="sm">
        <Field.Label>Theme</Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field value={theme} onChange={(event) => setSearch({ theme: event.currentTarget.value }, { replace: true })}>
            {Object.keys(themes).map((name) => <option key={name} value={name}>{name}</option>)}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Flex gap="6" align="flex-start" overflowX="auto" pb="2" tabIndex={0} role="region" aria-label={`Form ${id} at ${FRAME_WIDTHS.join(' and ')} px`}>
        {FRAME_WIDTHS.map((width) => (
          <Box key={width} flex="none">
            <Heading as="h2" size="md" mb="2">{width} px</Heading>
            <chakra.iframe key={`${width}-${theme}`} src={`${STUDIO}/form-frame/${encodeURIComponent(id)}?theme=${encodeURIComponent(theme)}`}
              title={`Form ${id} at ${width} px in the ${theme} theme`}
              width={`${width}px`} height="760px" borderWidth="1px" borderColor="border.emphasized" borderRadius="l2" bg="bg" />
          </Box>
        ))}
      </Flex>
    </Stack>
  );
}
