// Code of libraries that every page carried and none runs (engine/build/lean-libraries-plugin.ts):
// hoist-non-react-statics, which Emotion imports bare; react-router's components made as its modules
// load (Link with its prefetching, NavLink, Form); use-sync-external-store's shim for old Reacts.
import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { bundleEntry } from './support/bundle-entry.ts';
import { leanLibrariesPlugin } from '../../engine/build/lean-libraries-plugin.ts';

function bundle(plugins: Plugin[]): Promise<string> {
  return bundleEntry('lean-libraries', [
    "import { jsx } from '@emotion/react';",
    "import { BrowserRouter, useHref, useLinkClickHandler, useRoutes } from 'react-router';",
    "import { useSelector } from '@xstate/react';",
    'console.log(jsx, BrowserRouter, useHref, useLinkClickHandler, useRoutes, useSelector);',
  ], plugins);
}

const unused = {
  'hoist-non-react-statics': 'getOwnPropertySymbols(sourceComponent)',
  "react-router's Link": 'data-discover',
  "react-router's prefetching": 'PrefetchPageLinks',
  "use-sync-external-store's shim": 'checkIfSnapshotChanged',
};

describe('lean libraries', () => {
  it('leaves out what the portal never runs, and keeps what it uses', async () => {
    const code = await bundle([leanLibrariesPlugin()]);
    for (const [what, marker] of Object.entries(unused)) expect(code.includes(marker), what).toBe(false);
    expect(code).toContain('function useLinkClickHandler(');
    expect(code).toContain('useSyncExternalStoreWithSelector');
  }, 60_000);

  it('is what leaves it out', async () => {
    const code = await bundle([]);
    for (const [what, marker] of Object.entries(unused)) expect(code.includes(marker), what).toBe(true);
  }, 60_000);
});
