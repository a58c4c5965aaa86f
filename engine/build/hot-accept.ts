// Development mode: the code a configuration module gets so that the open page takes its updates
// in place (engine/react/dev/hot-updates.ts) instead of reloading. A module without it (an index of
// screens, the operation index...) reloads the page when it changes.
import { join, relative, sep } from 'node:path';

const HOT_UPDATES = JSON.stringify(join(import.meta.dirname, '..', 'react', 'dev', 'hot-updates.ts'));

/** Lazily fetched configuration chunks by their module's prefix, and the kind the engine's caches know them by. */
const CHUNK_KINDS: Record<string, string> = {
  'virtual:engine-screen/': 'screen',
  'virtual:engine-form/': 'form',
  'virtual:engine-flow/': 'flow',
  'virtual:engine-grid/': 'grid',
  'virtual:engine-content/': 'content',
};

/** The code appended to the module `name` (its id without Vite's \0) when served for development. */
export function hotAcceptSource(name: string): string {
  if (name === 'virtual:engine-config') {
    // A change the page can take in place (texts, themes) is applied; any other reloads it.
    return `
import { configReplaced as __configReplaced } from ${HOT_UPDATES};
if (import.meta.hot) import.meta.hot.accept((next) => { if (!next || !__configReplaced(next.default)) import.meta.hot.invalidate('the configuration changed'); });
`;
  }
  // The failure rules and texts are read once: a change applies at the next reload, without one now.
  if (name === 'virtual:engine-failure-handling') return '\nif (import.meta.hot) import.meta.hot.accept(() => {});\n';
  const prefix = Object.keys(CHUNK_KINDS).find((candidate) => name.startsWith(candidate));
  if (!prefix) return '';
  return `
import { chunkReplaced as __chunkReplaced } from ${HOT_UPDATES};
if (import.meta.hot) import.meta.hot.accept((next) => { if (next) __chunkReplaced(${JSON.stringify(CHUNK_KINDS[prefix])}, ${JSON.stringify(name.slice(prefix.length))}, next); });
`;
}

/** Whether the module `name` takes its updates in place (otherwise its update reloads the page). */
export function takesUpdatesInPlace(name: string): boolean {
  return hotAcceptSource(name) !== '';
}

/** Whether a file is configuration the browser reads: YAML, JSON or Markdown under schemas/, flows/ or themes/. */
export function isConfigurationFile(root: string, file: string): boolean {
  const [top] = relative(root, file).split(sep);
  return ['schemas', 'flows', 'themes'].includes(top) && /\.(ya?ml|json|md)$/i.test(file);
}
