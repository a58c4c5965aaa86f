import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { cleanup, render, screen } from '@testing-library/react';
import { TranslatorContext } from '../../engine/react/app/translation.ts';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { configPlugin } from '../../engine/build/config-plugin.ts';
import type { EngineConfig } from '../../engine/react/app/config-types.ts';
import { createTranslator } from '../../engine/react/app/translator.ts';
import { createRuntime } from '../../engine/react/app/create-runtime.ts';
import { RuntimeContext } from '../../engine/react/app/runtime.ts';
import { productRegistry } from '../../flows/registry.ts';
import { operations } from '../../generated/operations.ts';
import { LegacyRedirectOrNotFound } from '../../engine/react/router/LegacyRedirect.tsx';
import { compileRedirects } from '../../engine/core/redirects.ts';
import { createComponentRegistry } from '../../engine/react/component-registry.ts';
import { ComponentRegistryContext } from '../../engine/react/component-registry-context.ts';

const repoRoot = path.join(import.meta.dirname, '..', '..');

type Built = EngineConfig & { redirectsDoc: Record<string, unknown> };

/** The configuration the build would hand the browser, made from a project root, with its redirect table. */
async function builtConfig(root: string): Promise<Built> {
  const plugin = configPlugin({ root, features: 'all' }) as unknown as { load(id: string): string };
  const moduleValue = (id: string) => JSON.parse(plugin.load(id).replace(/^export default /, '').replace(/;$/, '')) as unknown;
  return { ...(moduleValue('\0virtual:engine-config') as EngineConfig), redirectsDoc: moduleValue('\0virtual:engine-redirects') as Record<string, unknown> };
}

function Where() {
  const location = useLocation();
  return <p>{`at ${location.pathname}${location.search}`}</p>;
}

// The not-found screen renders widgets once its chunk has arrived.
const components = createComponentRegistry();

function renderAt(config: Built, url: string) {
  const redirects = Promise.resolve({ redirectTable: (mirrors: string[]) => compileRedirects(config.redirectsDoc as never, { mirrors }) });
  const translator = createTranslator(config.messages);
  const runtime = createRuntime({
    config, flows: productRegistry.flows, formatters: productRegistry.formatters, operations: operations as never, translator,
    navigator: { navigate: () => {}, location: () => ({ pathname: url, search: '' }) },
  });
  return render(
    <ChakraProvider value={defaultSystem}>
    <TranslatorContext.Provider value={translator}>
    <RuntimeContext.Provider value={runtime}>
    <ComponentRegistryContext.Provider value={components}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/community/*" element={<Where />} />
          <Route path="/embed/community/*" element={<Where />} />
          <Route path="*" element={<LegacyRedirectOrNotFound notFoundScreen="not-found" redirects={redirects} />} />
        </Routes>
      </MemoryRouter>
    </ComponentRegistryContext.Provider>
    </RuntimeContext.Provider>
    </TranslatorContext.Provider>
    </ChakraProvider>,
  );
}

describe('client router and legacy addresses', () => {
  let root: string | undefined;
  afterEach(async () => {
    cleanup();
    if (root) await rm(root, { recursive: true, force: true });
    root = undefined;
  });

  it('follows an edited copy of redirects.yaml, keeping the rest of the path, the query and the mirror', async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'portal-root-'));
    await cp(path.join(repoRoot, 'schemas'), path.join(root, 'schemas'), { recursive: true });
    await cp(path.join(repoRoot, 'themes'), path.join(root, 'themes'), { recursive: true });
    await cp(path.join(repoRoot, 'flows'), path.join(root, 'flows'), { recursive: true });
    const file = path.join(root, 'schemas', 'redirects.yaml');
    const original = await readFile(file, 'utf8');
    await writeFile(file, original.replace(/redirects:\n/, 'redirects:\n  - { from: Homeowner_v2/BrandNew, to: /community/faq }\n'));

    const config = await builtConfig(root);
    renderAt(config, '/Homeowner_v2/brandnew/more?b=2');
    expect(await screen.findByText('at /community/faq/more?b=2')).toBeTruthy();
    cleanup();
    renderAt(config, '/embed/Homeowner_v2/BrandNew?c=3');
    expect(await screen.findByText('at /embed/community/faq?c=3')).toBeTruthy();
  });

  it('leaves the redirect table out of the configuration every page carries', () => {
    const plugin = configPlugin({ root: repoRoot, features: 'all' }) as unknown as { load(id: string): string };
    expect(plugin.load('\0virtual:engine-config')).not.toContain('Homeowner_v2');
    expect(plugin.load('\0virtual:engine-redirects')).toContain('Homeowner_v2');
  });

  it('takes a legacy page named without a prefix where its prefixed form goes', async () => {
    const config = await builtConfig(repoRoot);
    renderAt(config, '/Documents?x=1');
    expect(await screen.findByText('at /community/documents?x=1')).toBeTruthy();
    cleanup();
    renderAt(config, '/embed/FAQ');
    expect(await screen.findByText('at /embed/community/faq')).toBeTruthy();
  });

  it('without the entry the same address is not redirected', async () => {
    const config = await builtConfig(repoRoot);
    renderAt(config, '/Payments_v2/Help');
    expect(await screen.findByText('at /community/help')).toBeTruthy();
    cleanup();
    renderAt(config, '/Homeowner_v2/BrandNew');
    // No navigation happens: the not-found screen (a lazily loaded chunk) shows in place.
    expect(await screen.findByRole('heading', { name: "We couldn't find that page" })).toBeTruthy();
    expect(screen.queryByText(/^at /)).toBeNull();
  });
});
