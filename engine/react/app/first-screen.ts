import { matchesRoutePattern } from '../../core/paths.ts';
import { preloadScreen } from '../router/ScreenView.tsx';
import type { AppParts } from './assemble.ts';
import { parseChunkNames } from './chunk-usage.ts';
import { flowModuleReady } from '../../core/flow/lazy-modules.ts';
import { loadContent, loadFlow, loadForm } from './config-chunks.ts';
import { fetchWhenSettled } from './failure-handling.ts';
import { firstViews, namesIn, partsShownAtOnce } from './named-parts.ts';
import { iconProps, loadIcons, preloadIcons } from '../widgets/icons.tsx';

/** A machine of flows/ and the code it runs with (its own module, the shared modules it uses). */
async function loadFlowWithModules(parts: AppParts, id: string): Promise<void> {
  const doc = await loadFlow(id);
  await flowModuleReady(parts.runtime.flows, id, doc.uses);
}

/**
 * Loads the chunks of the screen at `pathname` that its first render shows (its widgets, forms and
 * icons, its flows and their first views), so that a first render that replaces markup rendered ahead of
 * time shows the screen rather than a busy state in between. The later views of its flows (a
 * wizard's next steps) load once the page has settled: they hold back neither the first render nor
 * what its flows then ask the server first.
 */
export async function preloadFirstScreen(parts: AppParts, pathname: string): Promise<void> {
  const route = parts.runtime.routes.find((candidate) => candidate.screen && !candidate.redirect && matchesRoutePattern(candidate.path, pathname));
  if (!route?.screen) return;
  try {
    const screen = await preloadScreen(route.screen);
    const shown = partsShownAtOnce(screen, undefined, iconProps);
    const docs = await Promise.all(shown.flowNodes.map((node) => loadFlow(node.flow)));
    shown.flowNodes.forEach((node, index) => namesIn(firstViews(node.views, docs[index].initial), shown, iconProps));
    await Promise.all([
      parts.components.preloadWidgets(shown.widgets),
      preloadIcons(shown.icons),
      ...[...shown.forms].map((id) => loadForm(id)),
      ...[...shown.flows].map((id) => loadFlowWithModules(parts, id)),
    ]);
    // The later views' code once the page has settled, or at the visitor's first act on it.
    const { widgets, forms, icons } = namesIn(screen, undefined, iconProps);
    fetchWhenSettled(() => Promise.all([parts.components.preloadWidgets(widgets), ...[...forms].map((id) => loadForm(id)), preloadIcons(icons)]));
  } catch {
    // The render reports what failed to load; this only saves a busy state.
  }
}

/**
 * Loads the chunks a page rendered ahead of time notes it used (`kind:id` names, see
 * chunk-usage.ts), so that adopting its markup waits for nothing. Only those: later steps of a
 * wizard load when they are reached.
 */
export async function preloadNotedChunks(parts: AppParts, noted: string | null): Promise<void> {
  const names = parseChunkNames(noted);
  const ids = (kind: string) => names.filter((name) => name.kind === kind).map((name) => name.id);
  try {
    await Promise.all([
      ...ids('screen').map((id) => preloadScreen(id)),
      parts.components.preloadWidgets(ids('widget')),
      parts.components.preloadShells(ids('shell')),
      ...ids('form').map((id) => loadForm(id)),
      ...ids('flow').map((id) => loadFlowWithModules(parts, id)),
      ...ids('content').map((id) => loadContent(id)),
      ids('icons').length > 0 ? loadIcons() : undefined,
    ]);
  } catch {
    // The render reports what failed to load; this only saves the markup from being replaced.
  }
}
