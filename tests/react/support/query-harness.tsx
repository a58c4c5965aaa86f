// A runtime over the real project configuration whose API answers come from an in-test fetch, so a
// test sees which requests the widgets and flows send and when.
import { ChakraProvider, defaultSystem, type SystemContext } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, type RenderResult } from '@testing-library/react';
import path from 'node:path';
import { TranslatorContext } from '../../../engine/react/app/translation.ts';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { configPlugin } from '../../../engine/build/config-plugin.ts';
import type { EngineConfig, WidgetNodeConfig } from '../../../engine/react/app/config-types.ts';
import { createTranslator, type Translator } from '../../../engine/react/app/translator.ts';
import { createRuntime } from '../../../engine/react/app/create-runtime.ts';
import { RuntimeContext, type Runtime } from '../../../engine/react/app/runtime.ts';
import { WidgetNode } from '../../../engine/react/widgets/WidgetNode.tsx';
import { createComponentRegistry } from '../../../engine/react/component-registry.ts';
import { ComponentRegistryContext } from '../../../engine/react/component-registry-context.ts';
import { productRegistry } from '../../../flows/registry.ts';
import { operations } from '../../../generated/operations.ts';

const repoRoot = path.join(import.meta.dirname, '..', '..', '..');

/** The configuration the build hands the browser, with the test's query settings and messages. */
export function projectConfig(queries: Partial<EngineConfig['api']['queries']>, messages: Record<string, string> = {}): EngineConfig {
  const plugin = configPlugin({ root: repoRoot, features: 'all' }) as unknown as { load(id: string): string };
  const source = plugin.load('\0virtual:engine-config');
  const config = JSON.parse(source.replace(/^export default /, '').replace(/;$/, '')) as EngineConfig;
  config.api.queries = { ...config.api.queries, ...queries };
  config.messages = { ...config.messages, ...messages };
  return config;
}

export interface Request { method: string; path: string; search: string }
/** A body, a whole response, or a promise of either (to answer when a test says). */
export type Answer = (request: Request) => unknown;

/** Replaces fetch: `answers` by "METHOD /path" give JSON bodies; every request is recorded. */
export function fakeApi(answers: Record<string, Answer>) {
  const requests: Request[] = [];
  vi.stubGlobal('fetch', vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(String(input), 'http://portal.test');
    const request = { method: String(init?.method ?? 'GET'), path: url.pathname, search: url.search };
    requests.push(request);
    const answer = answers[`${request.method} ${request.path}`];
    if (!answer) return new Response(JSON.stringify({ detail: 'not found' }), { status: 404, headers: { 'content-type': 'application/json' } });
    const body = await answer(request);
    // An answer may be a whole response (a refusal with its status).
    return body instanceof Response ? body : new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  }));
  return { requests, count: (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path).length };
}

export function makeRuntime(config: EngineConfig): { runtime: Runtime; translator: Translator } {
  const translator = createTranslator(config.messages);
  const runtime = createRuntime({
    config, flows: productRegistry.flows, formatters: productRegistry.formatters, operations: operations as never, translator,
    navigator: { navigate: () => {}, location: () => ({ pathname: '/', search: '' }) },
  });
  return { runtime, translator };
}

// The engine's own widgets, made once: each loads on first use and stays loaded for later tests.
const builtinComponents = createComponentRegistry();

/**
 * Renders screen nodes as the app does (runtime, messages, query cache, router). Widgets load on
 * first use and suspend until then; React resumes a suspended render only inside an awaited act.
 * `system`: Chakra's own by default; the page's (sharedSystem) for what a theme's tokens style.
 */
export async function renderNodes(runtime: Runtime, translator: Translator, nodes: WidgetNodeConfig[], system: SystemContext = defaultSystem): Promise<RenderResult> {
  let result: RenderResult | undefined;
  await act(async () => { result = render(
    <ChakraProvider value={system}>
      <TranslatorContext.Provider value={translator}>
        <RuntimeContext.Provider value={runtime}>
          <QueryClientProvider client={runtime.queryClient}>
            <ComponentRegistryContext.Provider value={builtinComponents}>
              <MemoryRouter>
                {nodes.map((node, index) => <WidgetNode key={index} node={node} />)}
              </MemoryRouter>
            </ComponentRegistryContext.Provider>
          </QueryClientProvider>
        </RuntimeContext.Provider>
      </TranslatorContext.Provider>
    </ChakraProvider>,
  ); });
  return result!;
}
