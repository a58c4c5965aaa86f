import { Box, chakra, Heading, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import type { RoutesDoc } from '../../core/routes.ts';
import { routeRows, screenFile, type RouteRow } from './route-rows.ts';
import { useStudioConfig } from './studio-config.ts';
import { Mark, Mono, Td, Th, usePageTitle } from './studio-parts.tsx';

function Access({ row }: { row: RouteRow }) {
  const parts = [
    row.requires === 'session' ? 'signed in' : row.requires === 'anonymous' ? 'signed out' : 'anyone',
    ...(row.gate ? [`while ${row.gate.when}, else ${row.gate.screen}`] : []),
  ];
  return <>{parts.join('; ')}</>;
}

function Shows({ row }: { row: RouteRow }) {
  if (row.planned) return <Text as="span" color="fg.muted">planned: no screen yet</Text>;
  if (row.redirect) return <Text as="span">redirects to <Mono>{row.redirect}</Mono></Text>;
  if (!row.screen) return <Text as="span" color="fg.muted">none</Text>;
  return (
    <Stack gap="0">
      <Text as="span" fontWeight="medium">{row.screen}</Text>
      <Mono width="fit-content">{screenFile(row.screen)}</Mono>
    </Stack>
  );
}

/** Every route of routes.yaml with what it shows. */
export function RoutesPage() {
  usePageTitle('Routes');
  const config = useStudioConfig();
  const rows = routeRows(config.routesDoc as RoutesDoc, config.enabledFeatures);
  return (
    <Stack gap="4">
      <Heading as="h1" size="2xl">Routes</Heading>
      <Text>
        Every route of <Mono>schemas/routes.yaml</Mono>, mirror copies included. A path opens the live page; a path that needs a
        value (<Mono>:id</Mono>) has no link.
      </Text>
      <Box overflowX="auto" tabIndex={0} role="region" aria-label="Routes table" borderWidth="1px" borderRadius="l2">
        <chakra.table width="full" fontSize="sm" borderCollapse="collapse">
          <chakra.caption srOnly>Routes, the screens they show, their layouts, access and feature flags</chakra.caption>
          <thead>
            <tr>
              <Th scope="col">Path</Th>
              <Th scope="col">Shows</Th>
              <Th scope="col">Layout</Th>
              <Th scope="col">Who may open it</Th>
              <Th scope="col">Feature</Th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <Td>
                  {row.href
                    ? <ChakraLink href={row.href} color="brand.fg" textDecoration="underline"><Mono bg="transparent" color="inherit">{row.path}</Mono></ChakraLink>
                    : <Mono>{row.path}</Mono>}
                </Td>
                <Td><Shows row={row} /></Td>
                <Td>{row.layout} <Text as="span" color="fg.muted">({row.shell}{row.mirror ? `, mirror ${row.mirror}` : ''})</Text></Td>
                <Td><Access row={row} /></Td>
                <Td>
                  {row.feature
                    ? <>{row.feature.name} <Mark>{row.feature.enabled ? 'on' : 'off in this build'}</Mark></>
                    : <Text as="span" color="fg.muted">always</Text>}
                </Td>
              </tr>
            ))}
          </tbody>
        </chakra.table>
      </Box>
    </Stack>
  );
}
