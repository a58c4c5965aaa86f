// Development mode, the build side: which configuration modules a saved file updates, and the code
// that lets the open page take those updates in place.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configPlugin } from '../../engine/build/config-plugin.ts';
import { hotAcceptSource, isConfigurationFile, takesUpdatesInPlace } from '../../engine/build/hot-accept.ts';

const root = join(import.meta.dirname, '..', '..');

type Hook = (this: unknown, ...args: unknown[]) => unknown;
function call(hook: unknown, ctx: unknown, ...args: unknown[]): unknown {
  const fn = (typeof hook === 'function' ? hook : (hook as { handler: Hook }).handler) as Hook;
  return fn.call(ctx, ...args);
}

/** The part of Vite's module graph the plugin uses, holding the modules the page has loaded. */
function moduleGraph(ids: string[]) {
  const idToModuleMap = new Map(ids.map((id) => [id, { id }]));
  const invalidated: string[] = [];
  return {
    invalidated,
    graph: {
      idToModuleMap,
      getModuleById: (id: string) => idToModuleMap.get(id),
      invalidateModule: (module: { id: string }) => { invalidated.push(module.id); },
    },
  };
}

describe('hot-accept', () => {
  it('makes configuration chunks and the configuration take their updates in place, and lists reload the page', () => {
    expect(hotAcceptSource('virtual:engine-form/login')).toContain('__chunkReplaced("form", "login", next)');
    expect(hotAcceptSource('virtual:engine-screen/login')).toContain('__chunkReplaced("screen", "login", next)');
    expect(hotAcceptSource('virtual:engine-config')).toContain('__configReplaced(next.default)');
    expect(takesUpdatesInPlace('virtual:engine-screens')).toBe(false);
    expect(takesUpdatesInPlace('virtual:engine-operations')).toBe(false);
  });

  it('knows configuration files from code', () => {
    expect(isConfigurationFile(root, join(root, 'schemas', 'forms', 'login.yaml'))).toBe(true);
    expect(isConfigurationFile(root, join(root, 'themes', 'default.json'))).toBe(true);
    expect(isConfigurationFile(root, join(root, 'flows', 'login.ts'))).toBe(false);
    expect(isConfigurationFile(root, join(root, 'engine', 'core', 'x.yaml'))).toBe(false);
  });
});

describe('configPlugin in development mode', () => {
  const loaded = ['\0virtual:engine-config', '\0virtual:engine-screen/login', '\0virtual:engine-screens', '\0virtual:engine-form/login'];

  function served() {
    const plugin = configPlugin({ root, features: 'all' });
    call(plugin.configResolved, {}, { command: 'serve' });
    const sources = Object.fromEntries(loaded.filter((id) => !id.includes('engine-form/'))
      .map((id) => [id, call(plugin.load, {}, id, {}) as string]));
    const update = (file: string, type: 'update' | 'create' | 'delete' = 'update') => {
      const { graph, invalidated } = moduleGraph(loaded);
      const modules = call(plugin.hotUpdate, { environment: { name: 'client', moduleGraph: graph } }, { file: join(root, file), type, modules: [] }) as { id: string }[] | undefined;
      return { updated: modules?.map((module) => module.id).sort(), invalidated: invalidated.sort() };
    };
    return { sources, update };
  }

  it('serves modules that accept their own updates', () => {
    const { sources } = served();
    expect(sources['\0virtual:engine-screen/login']).toContain('import.meta.hot.accept');
    expect(sources['\0virtual:engine-screens']).not.toContain('import.meta.hot');
  });

  it('updates exactly the modules read from the saved file', () => {
    const { update } = served();
    expect(update('schemas/screens/login.yaml').updated).toEqual(['\0virtual:engine-screen/login']);
    // The messages go partly with the configuration, partly with each screen.
    expect(update('schemas/messages/en.json')).toEqual({
      updated: ['\0virtual:engine-config', '\0virtual:engine-screen/login'],
      invalidated: ['\0virtual:engine-config', '\0virtual:engine-screen/login'],
    });
    expect(update('themes/default.json').updated).toEqual(['\0virtual:engine-config']);
  });

  it('leaves form files to the forms plugin and code to Vite', () => {
    const { update } = served();
    expect(update('schemas/forms/login.yaml').updated).toBeUndefined();
    expect(update('flows/login.ts').updated).toBeUndefined();
  });

  it('updates every module that takes updates in place for a file read by none, and every module for a file added', () => {
    const { update } = served();
    expect(update('schemas/fragments/notice.yaml').updated).toEqual(['\0virtual:engine-config', '\0virtual:engine-form/login', '\0virtual:engine-screen/login']);
    expect(update('schemas/screens/new-one.yaml', 'create').updated).toEqual([...loaded].sort());
  });
});

describe('formsPlugin in development mode', () => {
  it('updates the saved form only (its list, and so the page, stays)', async () => {
    const { formsPlugin } = await import('../../engine/build/forms-plugin.ts');
    const formsDir = join(root, 'schemas', 'forms');
    const plugin = formsPlugin({ formsDir });
    call(plugin.configResolved, {}, { command: 'serve' });
    expect(call(plugin.load, { addWatchFile: () => {}, error: (m: string) => { throw new Error(m); } }, '\0virtual:engine-form/login')).toContain('import.meta.hot.accept');
    const { graph } = moduleGraph(['\0virtual:engine-forms', '\0virtual:engine-form/login', '\0virtual:engine-form/code-email']);
    const hot = (file: string) => (call(plugin.hotUpdate, { environment: { name: 'client', moduleGraph: graph } }, { file, type: 'update', modules: [] }) as { id: string }[] | undefined)?.map((m) => m.id);
    expect(hot(join(formsDir, 'login.yaml'))).toEqual(['\0virtual:engine-form/login']);
    expect(hot(join(root, 'schemas', 'screens', 'login.yaml'))).toBeUndefined();
  });
});
