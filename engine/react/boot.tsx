import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import type { OperationDescriptor } from '../core/api/client.ts';
import { browserStorages, looksLikeFirstVisit } from '../core/first-visit.ts';
import { PRERENDERED_ATTRIBUTE, PRERENDERED_CHUNKS_ATTRIBUTE } from '../core/prerendered.ts';
import type { EngineExtension } from '../core/registry.ts';
import { assembleGround, assembleRuntime } from './app/assemble.ts';
import { AppTree, prepareTheme } from './app/AppTree.tsx';
import { preloadFirstScreen, preloadNotedChunks } from './app/first-screen.ts';
import { mirrorOf } from './app/route-table.ts';
import type { EngineConfig } from './app/config-types.ts';
import { createBrowserNavigator } from './router/browser-navigator.tsx';
import { PortalRoutes } from './router/build-routes.tsx';

export interface BootOptions {
  config: EngineConfig;
  /**
   * The product's modules by name, each adding widgets, shells, formatters and flow modules to the
   * engine's built-ins (a name may be defined once: `npm run check` names a clash).
   */
  modules: Record<string, EngineExtension>;
  operations: Record<string, OperationDescriptor>;
  element: HTMLElement;
}

/**
 * Whether the markup already in the page is what this browser would render: it was rendered for this
 * address (no query: a query can change the first view) and storage holds what a first visit holds.
 * A signed-in page's frame (routes.yaml `prerender: frame`) carries no PRERENDERED_ATTRIBUTE: it is
 * never adopted, and the first render, which shows the same frame, replaces it at once.
 */
function adoptsPrerendered(element: HTMLElement, config: EngineConfig): boolean {
  const path = element.getAttribute(PRERENDERED_ATTRIBUTE);
  return path !== null && path === window.location.pathname && window.location.search === ''
    && looksLikeFirstVisit(config.firstVisit, browserStorages());
}

/** Lets the browser handle input and paint before the next step runs. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => { setTimeout(resolve, 0); });
}

/** Starts the portal: configuration in, a running single-page application out. */
export async function boot({ config, modules, operations, element }: BootOptions) {
  // The development gallery of the configuration (engine/react/studio); a production build has none.
  if (import.meta.env.DEV && window.location.pathname.startsWith('/studio')) {
    const { mountStudio } = await import('./studio/mount.tsx');
    mountStudio(config, element, { modules, operations });
    return;
  }
  // Decided before the session starts: starting it remembers its state in storage.
  const hydrate = adoptsPrerendered(element, config);
  document.documentElement.lang = 'en';
  // The router and the runtime need each other: the runtime is made first, the router in the page hands it its navigate.
  const { navigator, Bridge } = createBrowserNavigator();
  // Each step its own task: a page already painted stays responsive while the portal starts.
  await nextTask();
  const ground = assembleGround({ config, modules });
  await nextTask();
  const parts = assembleRuntime(ground, { config, operations, navigator });
  // Development mode (npm run dev): configuration updates taken in place.
  if (import.meta.env.DEV) {
    const { startDevTools } = await import('./dev/dev-tools.ts');
    startDevTools({ config, translator: parts.translator });
  }
  await nextTask();
  // Under the mirror the page is shown inside another site or app: the bridge to it is loaded there
  // only, alongside what follows. Without it such a page still works, on its own.
  const mirror = mirrorOf(window.location.pathname, parts.runtime.routes);
  const embedBridge = mirror
    ? import('./embed/load-bridge.ts').then(({ loadEmbedBridge }) => loadEmbedBridge({ runtime: parts.runtime, mirror, root: element }), () => null)
    : null;
  // The shells and the widgets of most first screens are in this chunk already: no request, no flash of a busy state.
  const preloading = parts.components.preload();
  // The theme's system is made while any chunk still loads, in a task of its own, not the first render's.
  await nextTask();
  prepareTheme(parts.runtime);
  await nextTask();
  await preloading;
  const EmbedBridge = await embedBridge;
  const router = <BrowserRouter><Bridge />{EmbedBridge ? <EmbedBridge /> : null}<PortalRoutes routes={parts.routeObjects} /></BrowserRouter>;
  const tree = <AppTree parts={parts} router={router} adopting={hydrate} />;
  // Markup rendered ahead of time stays in view while the chunks of what replaces it load: those it
  // was rendered with, before adopting it (see chunk-usage.ts); those of the screen, before a fresh
  // render replaces markup rendered for another state whole, without a busy state in between.
  const noted = element.getAttribute(PRERENDERED_CHUNKS_ATTRIBUTE);
  if (hydrate) await preloadNotedChunks(parts, noted);
  else if (element.hasAttribute(PRERENDERED_ATTRIBUTE)) {
    // Markup of this very page in another state (the address's query names what it is for): its
    // chunks are loaded alongside, not after, those of the first view, since the view the page
    // settles in is most likely the one it shows: the markup stays until both are there.
    const samePage = element.getAttribute(PRERENDERED_ATTRIBUTE) === window.location.pathname;
    await Promise.all([preloadFirstScreen(parts, window.location.pathname), samePage ? preloadNotedChunks(parts, noted) : null]);
  }
  // As a transition, the first render yields to the browser every few milliseconds instead of
  // holding the main thread for all of it: a tap or keystroke meanwhile is not kept waiting.
  startTransition(() => {
    if (hydrate) hydrateRoot(element, tree);
    else createRoot(element).render(tree);
  });
}
