import { Box, Heading, HStack, Link as ChakraLink, List, Stack, Text } from '@chakra-ui/react';
import { Fragment, use, useId, useMemo } from 'react';
import { useParams } from 'react-router';
import type { RoutesDoc } from '../../core/routes.ts';
import { viewsOfFlow, viewsShowing } from './flow-views.ts';
import { describeTransition, machineGraph, MACHINE_STATE, type GraphTransition } from './machine-graph.ts';
import { MachineDiagram } from './MachineDiagram.tsx';
import { routeRows, type RouteRow } from './route-rows.ts';
import { flowNames, loadMachine, loadScreens } from './studio-data.ts';
import { useStudioConfig } from './studio-config.ts';
import { Mark, Mono, STUDIO, StudioLink, usePageTitle } from './studio-parts.tsx';

/** A screen's routes, each opening the live page when it can be opened as it is. */
function ScreenRoutes({ routes }: { routes: RouteRow[] }) {
  if (routes.length === 0) return <>no route</>;
  return routes.map((route, i) => (
    <Fragment key={route.id}>
      {i > 0 ? ', ' : ''}
      {route.href ? <ChakraLink href={route.href} color="brand.fg" textDecoration="underline">{route.path}</ChakraLink> : route.path}
    </Fragment>
  ));
}

function TransitionList({ transitions }: { transitions: GraphTransition[] }) {
  if (transitions.length === 0) return <Text color="fg.muted">No transitions of its own.</Text>;
  return (
    <List.Root as="ul" ps="5" gap="1">
      {transitions.map((transition, i) => (
        <List.Item key={i}>
          <Mono>{describeTransition(transition)}</Mono>
          {transition.actions.length > 0 ? <Text as="span" color="fg.muted"> — actions: {transition.actions.join(', ')}</Text> : null}
        </List.Item>
      ))}
    </List.Root>
  );
}

/** One machine: drawn, then each state with its transitions and the views that show it. */
export function FlowPage() {
  const name = useParams().name ?? '';
  usePageTitle(`Flow ${name}`);
  if (!flowNames.includes(name)) {
    return <Text>There is no machine <Mono>flows/{name}.machine.yaml</Mono>. <StudioLink to={`${STUDIO}/flows`}>All flows</StudioLink></Text>;
  }
  return <LoadedFlow name={name} />;
}

function LoadedFlow({ name }: { name: string }) {
  const doc = use(loadMachine(name));
  const screens = use(loadScreens());
  const config = useStudioConfig();
  const graph = useMemo(() => machineGraph(doc), [doc]);
  const views = useMemo(() => viewsOfFlow(screens, name), [screens, name]);
  const listId = useId();
  const routesOf = useMemo(() => {
    const rows = routeRows(config.routesDoc as RoutesDoc, config.enabledFeatures).filter((row) => !row.mirror);
    return (screen: string) => rows.filter((row) => row.screen === screen);
  }, [config]);
  const screensRunning = [...new Set(views.map((view) => view.screen))];
  const own = graph.transitions.filter((t) => t.from === MACHINE_STATE);

  return (
    <Stack gap="5">
      <Heading as="h1" size="2xl">Flow {name}</Heading>
      <Text>
        <Mono>flows/{name}.machine.yaml</Mono> (machine <Mono>{graph.id}</Mono>), run by{' '}
        {screensRunning.length > 0 ? screensRunning.map((screen, i) => (
          <Fragment key={screen}>
            {i > 0 ? '; ' : ''}{screen} (<ScreenRoutes routes={routesOf(screen)} />)
          </Fragment>
        )) : 'no screen'}.{' '}
        <StudioLink to={`${STUDIO}/flows`}>All flows</StudioLink>
      </Text>
      <Text color="fg.muted" fontSize="sm">
        Thick blue box: the initial state; double box: a final state; dashed box: any state within a group.
        Dotted line: taken at once (always); blue: an invoked actor done; red dashed: it failed.
      </Text>
      <MachineDiagram graph={graph} describedBy={listId} />
      <Box id={listId}>
        <Heading as="h2" size="lg" mb="3">States and transitions</Heading>
        {own.length > 0 ? (
          <Box mb="4">
            <Heading as="h3" size="md">In any state</Heading>
            <TransitionList transitions={own} />
          </Box>
        ) : null}
        <Stack gap="4">
          {graph.states.map((state) => {
            const showing = viewsShowing(views, state.path);
            return (
              <Box key={state.path} borderTopWidth="1px" pt="3">
                <HStack gap="2" wrap="wrap">
                  <Heading as="h3" size="md"><Mono fontSize="inherit">{state.path}</Mono></Heading>
                  {state.initial ? <Mark>initial</Mark> : null}
                  {state.final ? <Mark>final</Mark> : null}
                  {state.compound ? <Mark>holds states</Mark> : null}
                </HStack>
                <Text mt="1">
                  Shown by: {showing.length > 0
                    ? showing.map((view) => `${view.screen}, view ${view.number} (states: ${view.states.join(', ')})`).join('; ')
                    : 'no view'}
                </Text>
                <TransitionList transitions={graph.transitions.filter((t) => t.from === state.path)} />
              </Box>
            );
          })}
        </Stack>
      </Box>
    </Stack>
  );
}
