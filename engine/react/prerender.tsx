// Renders the first view of a route to HTML ahead of time (at build time, in Node), with the styles
// it uses, so that a visitor sees the page before the JavaScript has run; the browser then hydrates
// it (engine/react/boot.tsx). It renders what a first visit renders: signed out, nothing stored.
// A page's frame (`frame: true`) is rendered as the page shows while a stored session loads: the
// session machine itself stays signed out with nothing stored, so nothing of any user is in it; the
// browser shows it until its own first render replaces it, and never adopts it.
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { assembleApp, type AppInput } from './app/assemble.ts';
import { AppTree } from './app/AppTree.tsx';
import { withChunkRecording } from './app/chunk-usage.ts';
import type { Runtime } from './app/runtime.ts';
import { PortalRoutes } from './router/build-routes.tsx';
import { loadIcons } from './widgets/icons.tsx';

export interface PrerenderedPage {
  /** The markup to put inside the root element. */
  html: string;
  /**
   * The styles the markup uses, as Emotion names them: one element per global style (the theme's
   * variables, the base styles), which the browser's <Global> adopts and replaces when the theme
   * changes, then one element with every class rule, which the browser's style cache adopts.
   */
  styles: { name: string; global: boolean; rules: string }[];
  /** The document title the page shows. */
  title: string;
  /** The lazily loaded chunks the markup was rendered with (`kind:id`), for the browser to load before adopting it. */
  chunks: string[];
  /** Rendered as the page's frame while a stored session loads: shown, never adopted. */
  frame: boolean;
}

async function renderToText(node: ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(node, {
    onError(error) { throw error instanceof Error ? error : new Error(String(error)); },
  });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The session as the tree reads it while a stored session loads: in neither of its settled states
 * (engine/core/session-contract.ts), with the machine's own context (signed out, nothing stored).
 */
function seenAsLoading(session: Runtime['session']): Runtime['session'] {
  const snapshot = session.getSnapshot();
  const loading = Object.assign(Object.create(Object.getPrototypeOf(snapshot) as object) as object, snapshot, { matches: () => false });
  return Object.assign(Object.create(session) as Runtime['session'], { getSnapshot: () => loading });
}

/** Renders `path` (no query) of the portal as a first visit sees it, or as its frame while a stored session loads. */
export async function prerenderPage({ config, modules, operations, path, frame = false }: Omit<AppInput, 'navigator'> & { path: string; frame?: boolean }): Promise<PrerenderedPage> {
  const url = new URL(path, 'http://prerender.invalid');
  const parts = assembleApp({
    config, modules, operations,
    navigator: {
      navigate: (to) => { throw new Error(`prerender: ${path} navigates to ${to} while rendering`); },
      location: () => ({ pathname: url.pathname, search: url.search }),
    },
  });
  await parts.components.preload();
  // The icons are drawn in the markup (a browser shows the page before any code runs); the page notes
  // that it shows some (chunk-usage.ts), and the browser loads them before adopting it.
  await loadIcons();
  // Emotion's compat mode keeps every rule in the cache instead of writing <style> elements into
  // the markup, so the styles go into the page's head and the markup is exactly what React hydrates.
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  const { value: html, chunks } = await withChunkRecording(() => renderToText(
    <CacheProvider value={cache}>
      <AppTree parts={frame ? { ...parts, runtime: { ...parts.runtime, session: seenAsLoading(parts.runtime.session) } } : parts}
        router={<StaticRouter location={url.pathname}><PortalRoutes routes={parts.routeObjects} /></StaticRouter>} adopting />
    </CacheProvider>,
  ));
  const styles = Object.entries(cache.inserted)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
    // A class rule carries its own class name; a global one (from <Global>) does not.
    .map(([name, rules]) => ({ name, rules, global: !rules.includes(`.${cache.key}-${name}`) }));
  parts.runtime.session.stop();
  const match = parts.runtime.routes.find((route) => route.path === url.pathname || route.path.replace(/\/:[^/]+\?/g, '') === url.pathname);
  const { t } = parts.translator;
  return {
    html,
    styles,
    title: match?.title ? `${t(match.title)} · ${t('app.name')}` : t('app.name'),
    chunks,
    frame,
  };
}
