import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { EnvironmentModuleNode, Plugin } from 'vite';
import { readConfigData } from '../core/config/read-config.ts';
import { hotAcceptSource, isConfigurationFile, takesUpdatesInPlace } from './hot-accept.ts';
import { resolveFeatures } from '../core/features.ts';
import { earlyRequests, routeEarlyRequests, type OperationEntry } from './early-requests.ts';
import { groupBasePath } from '../core/api/packed-operations.ts';
import type { EarlyRequestDoc } from '../core/api/early-requests.ts';
import { flatMessages, pickNamespaces, screenNamespaces, sharedMessages } from './message-split.ts';
import type { StorageExpectation } from '../core/first-visit.ts';
import type { FlowDocument } from '../core/flow/types.ts';
import type { ThemeDocument } from '../react/app/config-types.ts';
import { THEME_STYLES_FILE, themeVariablesCss } from '../react/theme/theme-variables.ts';
import { palettesNamedBy } from '../react/theme/palettes.ts';
import { APART_CHUNK_FILE, apartParts, type ApartParts } from './apart.ts';
import { FORM_MODULE_PREFIX } from './forms-plugin.ts';
import { formIdOf, listFormFiles } from './form-files.ts';

const CONFIG = 'virtual:engine-config';
const SCREENS = 'virtual:engine-screens';
const SCREEN = 'virtual:engine-screen/';
const CONTENT_INDEX = 'virtual:engine-content';
const CONTENT = 'virtual:engine-content/';
const FLOWS = 'virtual:engine-flows';
const FLOW = 'virtual:engine-flow/';
const GRIDS = 'virtual:engine-grids';
const GRID = 'virtual:engine-grid/';
const EARLY = 'virtual:engine-early-requests';
// How a page under the mirror talks to its host (app.yaml `embedding`): only such pages fetch it.
const EMBEDDING = 'virtual:engine-embedding';
// Which reads a write makes stale (api.yaml `queries.invalidates`): needed only once a page writes.
const INVALIDATION = 'virtual:engine-invalidation';
const OPERATIONS = 'virtual:engine-operations';
const REDIRECTS = 'virtual:engine-redirects';
/** The loader entries and operations only gated areas use (apart.ts), fetched with the first of them. */
const APART = 'virtual:engine-apart';
const FAILURE_HANDLING = 'virtual:engine-failure-handling';
/** The texts of navigation.yaml `notice` not every page carries: they come with the notice's code. */
const NOTICE_MESSAGES = 'virtual:engine-notice-messages';
/** Every text of the catalogue at once: for development tools only (the portal splits them by screen). */
const ALL_MESSAGES = 'virtual:engine-all-messages';
/** The ids of the engine's configuration modules (this plugin's and the forms plugin's). */
const OWN = '\0virtual:engine-';

/**
 * The operation index as the browser's API client reads it (engine/core/api/client.ts): each
 * operation's group, method, address under its group's base path (`/api/<group>`, as every
 * contract's server names it) and whether it takes a body, one string per operation. Every page
 * carries it; the callers and parameter lists of generated/operations.ts are for the checker, the
 * server and the tests.
 */
export function browserOperations(operations: Record<string, OperationEntry>, into?: string): string {
  for (const [id, op] of Object.entries(operations)) {
    if (op.basePath !== groupBasePath(op.group)) throw new Error(`operation ${id}: its base path ${op.basePath} is not ${groupBasePath(op.group)}`);
  }
  const packed = Object.fromEntries(Object.entries(operations)
    .map(([id, op]) => [id, `${op.group} ${op.method} ${op.path}${op.hasBody ? ' body' : ''}`]));
  const unpack = `import { unpackOperations } from ${JSON.stringify(join(import.meta.dirname, '..', 'core', 'api', 'packed-operations.ts'))};`;
  // The operations of a table apart join the index every page has, which the API client reads.
  if (into) return `${unpack}\nimport { operations } from ${JSON.stringify(into)};\nObject.assign(operations, unpackOperations(${JSON.stringify(packed)}));`;
  return `${unpack}\nexport const operations = unpackOperations(${JSON.stringify(packed)});`;
}

function files(dir: string, extension: string): string[] {
  return existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith(extension)).sort() : [];
}

/** Every `.ts` file under `dir`, recursively. */
function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}


/**
 * What web storage holds on a first visit: no token, and every flow's persisted fields at their
 * initial values. A page rendered ahead of time shows that state, so the browser hydrates it only
 * when its storage says the same (engine/react/boot.tsx); otherwise it renders afresh.
 */
function firstVisitStorage(api: { tokens?: Record<string, { storage: 'local' | 'session'; key: string; tabKey?: string }> }, root: string, read: (path: string) => unknown): StorageExpectation[] {
  // A token kept for one tab (a slot's `tabKey`) is not a first visit's either.
  const expected: StorageExpectation[] = Object.values(api.tokens ?? {}).flatMap(({ storage, key, tabKey }) => [
    { storage, key, values: [null] },
    ...(tabKey ? [{ storage: 'session' as const, key: tabKey, values: [null] }] : []),
  ]);
  for (const name of files(join(root, 'flows'), '.machine.yaml')) {
    const doc = read(join(root, 'flows', name)) as FlowDocument;
    if (!doc.persist) continue;
    const initial = (doc.context ?? {}) as Record<string, unknown>;
    const picked = Object.fromEntries(doc.persist.fields.map((field) => [field, initial[field]]));
    // Flows sharing a key (two sign-in flows keep the same e-mail) expect the same first value.
    if (!expected.some((e) => e.storage === doc.persist!.storage && e.key === doc.persist!.key)) {
      expected.push({ storage: doc.persist.storage, key: doc.persist.key, values: [null, JSON.stringify(picked)] });
    }
  }
  return expected;
}

interface AppDoc { sessionFlow: string; sharedMessages?: string[]; failureMessages?: string[]; defaultTheme: string; breakpoints?: Record<string, string>; embedding?: unknown }

/**
 * Serves the product's configuration to the browser bundle: the small always-needed part in one
 * module, each screen and each long text as its own lazily loaded module.
 */
export function configPlugin({ root, features }: { root: string; features?: string }): Plugin {
  const schemas = join(root, 'schemas');
  const watched: string[] = [];
  // Development mode: which modules each file was read for, so that saving it updates exactly those.
  let serving = false;
  let loading = '';
  const readFor = new Map<string, Set<string>>();
  const note = (path: string) => {
    watched.push(path);
    if (serving && loading) {
      let ids = readFor.get(path);
      if (!ids) readFor.set(path, (ids = new Set()));
      ids.add(loading);
    }
  };
  // Screens and machines come with their fragments expanded; each file one was made from is noted.
  const load = (path: string) => { const { data, files: from } = readConfigData(root, path); from.forEach(note); return data; };

  /**
   * routes.yaml as the browser reads it, without what is for others: `prerender`, the build's
   * (prerender-entry.ts); `earlyRequests`, the entry's (virtual:engine-early-requests);
   * `themeFromQuery`, the server's.
   */
  function browserRoutes(doc: unknown): unknown {
    const others = new Set(['prerender', 'earlyRequests', 'themeFromQuery']);
    return JSON.parse(JSON.stringify(doc), (key, value: unknown) => (others.has(key) ? undefined : value));
  }

  // The themes' CSS takes a good half second to work out: a saved file other than a theme (in
  // development mode) reuses it.
  let themeCss = { key: '', css: '' };
  const themeStylesOf = (themes: Record<string, ThemeDocument>, appDoc: AppDoc) => {
    const key = JSON.stringify([themes, appDoc.defaultTheme, appDoc.breakpoints]);
    if (themeCss.key !== key) themeCss = { key, css: themeVariablesCss(themes, appDoc.defaultTheme, appDoc.breakpoints) };
    return themeCss.css;
  };

  const themesOf = (): Record<string, ThemeDocument> => Object.fromEntries(files(join(root, 'themes'), '.json').map((name) => {
    const doc = load(join(root, 'themes', name)) as ThemeDocument;
    return [doc.name, doc];
  }));

  /**
   * What a build's pages need of the themes: the default one whole, and of the others their names
   * and the colour palettes they name (the page's one system, systems.ts sharedSystem, holds every
   * palette any theme names); their values come with their rules (THEME_STYLES_FILE).
   */
  function browserThemes(themes: Record<string, ThemeDocument>, defaultName: string): Record<string, ThemeDocument> {
    return Object.fromEntries(Object.entries(themes).map(([name, doc]) => [name,
      name === defaultName ? doc : { name: doc.name, tokens: {}, palettes: palettesNamedBy(doc) } as ThemeDocument]));
  }

  function configModule(ssr: boolean): string {
    const featuresDoc = load(join(schemas, 'features.yaml'));
    const appDoc = load(join(schemas, 'app.yaml')) as AppDoc;
    const themes = themesOf();
    // A build's pages fetch `invalidates` with their first write (virtual:engine-invalidation).
    const navigationDoc = load(join(schemas, 'navigation.yaml')) as { notice?: { when: unknown } };
    const apiDoc = load(join(schemas, 'api.yaml')) as Parameters<typeof firstVisitStorage>[0] & { queries?: Record<string, unknown> };
    const config = {
      routesDoc: ssr ? load(join(schemas, 'routes.yaml')) : browserRoutes(load(join(schemas, 'routes.yaml'))),
      enabledFeatures: [...resolveFeatures(featuresDoc, features)],
      // A build's frame decides by the notice's `when` alone: the rest comes with the notice's code
      // (virtual:engine-notice-messages).
      navigation: ssr || serving || !navigationDoc.notice ? navigationDoc : { ...navigationDoc, notice: { when: navigationDoc.notice.when } },
      site: load(join(schemas, 'site.yaml')),
      api: ssr || serving ? apiDoc : { ...apiDoc, queries: { ...apiDoc.queries, invalidates: undefined } },
      // With the product's own texts for the engine's keys, whatever their namespace (message-split.ts).
      messages: sharedMessages(load(join(schemas, 'messages', 'en.json')), appDoc.sharedMessages ?? []),
      // Without `embedding`: the bridge of pages under the mirror reads it (virtual:engine-embedding).
      app: { ...appDoc, embedding: undefined },
      themes: ssr || serving ? themes : browserThemes(themes, appDoc.defaultTheme),
      // A build's pages fetch the rules as a file of the site when they first show a theme other
      // than the default (THEME_STYLES_FILE, showTheme): most never do, and none carries them in
      // its code. Rendering ahead of time and the development server (which replaces them as a
      // theme is saved) hold them here.
      themeStyles: ssr || serving ? themeStylesOf(themes, appDoc) : '',
      // Only the flow that runs for the whole page travels with the configuration; every other
      // machine is fetched with the screen that runs it (virtual:engine-flows).
      flows: Object.fromEntries(files(join(root, 'flows'), '.machine.yaml')
        .map((name) => basename(name, '.machine.yaml'))
        .filter((name) => name === appDoc.sessionFlow)
        .map((name) => [name, load(join(root, 'flows', `${name}.machine.yaml`))])),
    };
    return `export default ${JSON.stringify({ ...config, firstVisit: firstVisitStorage(config.api, root, load) })};`;
  }

  /** The operation index `npm run generate` writes from openapi/ (generated/operations.ts). */
  async function operationIndex(): Promise<Record<string, OperationEntry>> {
    const indexFile = join(root, 'generated', 'operations.ts');
    note(indexFile);
    return (await import(pathToFileURL(indexFile).href) as { operations: Record<string, OperationEntry> }).operations;
  }

  function loaderEntries(ids: string[], prefix: string): string {
    return ids.map((id) => `  ${JSON.stringify(id)}: () => import(${JSON.stringify(prefix + id)}),`).join('\n');
  }

  function loaderIndex(ids: string[], prefix: string, exportName: string): string {
    return `export const ${exportName} = {\n${loaderEntries(ids, prefix)}\n};`;
  }

  // A build of the browser's code lists apart what only gated areas use (apart.ts). Development
  // mode (where a saved screen must not change every table) and the build rendering pages ahead of
  // time keep every entry in the tables; the table apart is then empty.
  let building = false;
  let base = '/';
  let apart: Promise<ApartParts> | undefined;
  const noneApart: ApartParts = { screens: [], flows: [], forms: [], grids: [], content: [], operations: [], unnamedOperations: [] };
  const yamlDocs = (dir: string, extension: string) => Object.fromEntries(files(dir, extension)
    .map((name) => [basename(name, extension), load(join(dir, name))]));
  function apartOf(ssr: boolean): Promise<ApartParts> {
    if (!building || ssr) return Promise.resolve(noneApart);
    apart ??= operationIndex().then((operations) => apartParts({
      routesDoc: load(join(schemas, 'routes.yaml')) as never,
      enabledFeatures: resolveFeatures(load(join(schemas, 'features.yaml')) as never, features),
      screens: yamlDocs(join(schemas, 'screens'), '.yaml'),
      flows: yamlDocs(join(root, 'flows'), '.machine.yaml'),
      forms: Object.fromEntries(listFormFiles(join(schemas, 'forms')).map((file) => [formIdOf(file), load(file)])),
      grids: yamlDocs(join(schemas, 'grids'), '.yaml'),
      content: files(join(schemas, 'content'), '.md').map((f) => basename(f, '.md')),
      operations: Object.keys(operations),
      always: ['navigation.yaml', 'app.yaml', 'site.yaml'].map((name) => load(join(schemas, name))),
      // The product's code (its flow modules): what it names by id stays with every page.
      sources: sourceFiles(join(root, 'flows')).map((path) => readFileSync(path, 'utf8')),
    }));
    return apart;
  }

  /** A loader table without the ids listed apart. */
  function mainIndex(ssr: boolean, ids: string[], kind: keyof ApartParts, prefix: string, exportName: string): string | Promise<string> {
    if (!building || ssr) return loaderIndex(ids, prefix, exportName);
    return apartOf(ssr).then((parts) => loaderIndex(ids.filter((id) => !parts[kind].includes(id)), prefix, exportName));
  }

  async function apartModule(ssr: boolean): Promise<string> {
    const parts = await apartOf(ssr);
    const table = (kind: keyof ApartParts, prefix: string) => `export const ${kind} = {\n${loaderEntries(parts[kind], prefix)}\n};`;
    const index = await operationIndex();
    const operations = Object.fromEntries(parts.operations.map((id) => [id, index[id]]));
    return [
      table('screens', SCREEN), table('flows', FLOW), table('forms', FORM_MODULE_PREFIX), table('grids', GRID), table('content', CONTENT),
      parts.operations.length > 0 ? browserOperations(operations, OPERATIONS) : '',
    ].join('\n');
  }

  const plugin: Plugin<{ apart(ssr: boolean): Promise<ApartParts>; themes(): ThemeDocument[] }> = {
    name: 'engine-config',
    // For the forms plugin: the forms its index leaves out; for the palettes plugin: the themes (vite.config.ts).
    api: { apart: apartOf, themes: () => Object.values(themesOf()) },
    buildEnd() {
      for (const path of watched) this.addWatchFile(path);
    },
    // The themes' rules as a file of the site too (THEME_STYLES_FILE): the server sends a page in
    // the theme its address names with them (routes.yaml `themeFromQuery`).
    generateBundle(_options, bundle) {
      if (this.environment.name !== 'client') return;
      const css = themeStylesOf(themesOf(), load(join(schemas, 'app.yaml')) as AppDoc);
      this.emitFile({ type: 'asset', fileName: THEME_STYLES_FILE, source: css });
      // The table apart's address, for the pages of gated routes rendered ahead of time (apart.ts).
      const table = Object.values(bundle).find((file) => file.type === 'chunk' && file.facadeModuleId === `\0${APART}`);
      if (table) this.emitFile({ type: 'asset', fileName: APART_CHUNK_FILE, source: `${base}${table.fileName}` });
    },
    resolveId(id) {
      if (id === CONFIG || id === SCREENS || id === CONTENT_INDEX || id === FLOWS) return `\0${id}`;
      if (id.startsWith(SCREEN) || id.startsWith(CONTENT) || id.startsWith(FLOW)) return `\0${id}`;
      if (id === GRIDS || id.startsWith(GRID) || id === EARLY || id === OPERATIONS || id === REDIRECTS || id === FAILURE_HANDLING) return `\0${id}`;
      if (id === ALL_MESSAGES || id === NOTICE_MESSAGES || id === APART || id === EMBEDDING || id === INVALIDATION) return `\0${id}`;
      return null;
    },
    configResolved(config) {
      serving = config.command === 'serve';
      building = config.command === 'build';
      base = config.base;
      apart = undefined;
    },
    // Synchronous but for the modules read from the operation index and the loader tables (tests call it directly).
    load(id, options) {
      if (!id.startsWith('\0virtual:engine-')) return null;
      loading = id;
      try {
        const source = loadModule(id.slice(1), options?.ssr === true);
        return serving && typeof source === 'string' ? source + hotAcceptSource(id.slice(1)) : source;
      } finally {
        loading = '';
      }
    },
    // Development mode: saving a file updates the modules read from it, and only those (each accepts
    // its own update in the page: hot-accept.ts). A file read by none (a new one, or one read through
    // another, such as an included fragment) updates every configuration module the page has.
    hotUpdate({ file, type, modules }) {
      if (this.environment.name !== 'client' || !isConfigurationFile(root, file)) return;
      const tracked = type === 'update' ? readFor.get(file) : undefined;
      // The forms plugin answers for form files (forms-plugin.ts).
      if (!tracked && file.startsWith(join(schemas, 'forms'))) return;
      const graph = this.environment.moduleGraph;
      // An untracked file saved updates the modules that take updates in place; one added or removed
      // may change a list of screens, forms...: every module, and so a reload.
      const ids = tracked ? [...tracked] : [...graph.idToModuleMap.keys()]
        .filter((id) => id.startsWith(OWN) && (type !== 'update' || takesUpdatesInPlace(id.slice(1))));
      const mine = ids.map((id) => graph.getModuleById(id)).filter((module): module is EnvironmentModuleNode => Boolean(module));
      for (const module of mine) graph.invalidateModule(module);
      return [...modules, ...mine];
    },
  };
  return plugin;

  function loadModule(name: string, ssr: boolean): string | Promise<string> | null {
    if (name === CONFIG) return configModule(ssr);
    if (name === INVALIDATION) return `export default ${JSON.stringify((load(join(schemas, 'api.yaml')) as { queries?: { invalidates?: unknown } }).queries?.invalidates ?? {})};`;
    if (name === EMBEDDING) return `export default ${JSON.stringify((load(join(schemas, 'app.yaml')) as AppDoc).embedding ?? null)};`;
    // Legacy addresses: read only when no route matches, so they come with that rare case.
    if (name === REDIRECTS) return `export default ${JSON.stringify(load(join(schemas, 'redirects.yaml')))};`;
    // The error rules and the texts only failed answers are told in (engine/react/app/failure-handling.ts).
    if (name === FAILURE_HANDLING) {
      const appDoc = load(join(schemas, 'app.yaml')) as AppDoc;
      const messages = pickNamespaces(flatMessages(load(join(schemas, 'messages', 'en.json'))), new Set(appDoc.failureMessages ?? []));
      return `export const rules = ${JSON.stringify(load(join(schemas, 'errors.yaml')))};\nexport const messages = ${JSON.stringify(messages)};`;
    }
    if (name === NOTICE_MESSAGES) {
      const appDoc = load(join(schemas, 'app.yaml')) as AppDoc;
      const notice = (load(join(schemas, 'navigation.yaml')) as { notice?: unknown }).notice ?? null;
      const shared = new Set([...appDoc.sharedMessages ?? [], ...appDoc.failureMessages ?? []]);
      const own = new Set([...screenNamespaces(root, notice)].filter((namespace) => !shared.has(namespace)));
      return `export const messages = ${JSON.stringify(pickNamespaces(flatMessages(load(join(schemas, 'messages', 'en.json'))), own))};\nexport const notice = ${JSON.stringify(notice)};`;
    }
    if (name === ALL_MESSAGES) return `export default ${JSON.stringify(flatMessages(load(join(schemas, 'messages', 'en.json'))))};`;
    if (name === OPERATIONS) {
      return Promise.all([operationIndex(), apartOf(ssr)]).then(([operations, parts]) => browserOperations(
        Object.fromEntries(Object.entries(operations).filter(([id]) => !parts.operations.includes(id) && !parts.unnamedOperations.includes(id)))));
    }
    if (name === APART) return apartModule(ssr);
    if (name === EARLY) {
      const appDoc = load(join(schemas, 'app.yaml')) as { earlyRequests?: EarlyRequestDoc[] };
      const api = load(join(schemas, 'api.yaml'));
      const routesDoc = load(join(schemas, 'routes.yaml'));
      const enabled = resolveFeatures(load(join(schemas, 'features.yaml')) as never, features);
      return operationIndex().then((operations) => `export const earlyRequests = ${JSON.stringify([
        ...earlyRequests(appDoc.earlyRequests ?? [], operations, api),
        ...routeEarlyRequests(routesDoc as never, enabled, operations, api),
      ])};`);
    }
    if (name === SCREENS) return mainIndex(ssr, files(join(schemas, 'screens'), '.yaml').map((f) => basename(f, '.yaml')), 'screens', SCREEN, 'screenLoaders');
    if (name === CONTENT_INDEX) return mainIndex(ssr, files(join(schemas, 'content'), '.md').map((f) => basename(f, '.md')), 'content', CONTENT, 'contentLoaders');
    if (name === GRIDS) return mainIndex(ssr, files(join(schemas, 'grids'), '.yaml').map((f) => basename(f, '.yaml')), 'grids', GRID, 'gridLoaders');
    if (name.startsWith(GRID)) return `export default ${JSON.stringify(load(join(schemas, 'grids', `${name.slice(GRID.length)}.yaml`)))};`;
    if (name === FLOWS) return mainIndex(ssr, files(join(root, 'flows'), '.machine.yaml').map((f) => basename(f, '.machine.yaml')), 'flows', FLOW, 'flowLoaders');
    if (name.startsWith(FLOW)) return `export default ${JSON.stringify(load(join(root, 'flows', `${name.slice(FLOW.length)}.machine.yaml`)))};`;
    if (name.startsWith(SCREEN)) {
      const screen = load(join(schemas, 'screens', `${name.slice(SCREEN.length)}.yaml`));
      const appDoc = load(join(schemas, 'app.yaml')) as AppDoc;
      const shared = new Set([...appDoc.sharedMessages ?? [], ...appDoc.failureMessages ?? []]);
      const own = new Set([...screenNamespaces(root, screen)].filter((namespace) => !shared.has(namespace)));
      const messages = pickNamespaces(flatMessages(load(join(schemas, 'messages', 'en.json'))), own);
      return `export default ${JSON.stringify(screen)};\nexport const messages = ${JSON.stringify(messages)};`;
    }
    if (name.startsWith(CONTENT)) {
      const path = join(schemas, 'content', `${name.slice(CONTENT.length)}.md`);
      note(path);
      return `export default ${JSON.stringify(readFileSync(path, 'utf8'))};`;
    }
    return null;
  }
}
