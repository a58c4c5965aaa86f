import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parse } from 'yaml';
import type { Plugin } from 'vite';
import { resolveFeatures } from '../core/features.ts';

const CONFIG = 'virtual:engine-config';
const SCREENS = 'virtual:engine-screens';
const SCREEN = 'virtual:engine-screen/';
const CONTENT_INDEX = 'virtual:engine-content';
const CONTENT = 'virtual:engine-content/';

function files(dir: string, extension: string): string[] {
  return existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith(extension)).sort() : [];
}

/**
 * Serves the product's configuration to the browser bundle: the small always-needed part in one
 * module, each screen and each long text as its own lazily loaded module.
 */
export function configPlugin({ root, features }: { root: string; features?: string }): Plugin {
  const schemas = join(root, 'schemas');
  const read = (path: string) => parse(readFileSync(path, 'utf8'));
  const watched: string[] = [];
  const load = (path: string) => { watched.push(path); return read(path); };

  function configModule(): string {
    const featuresDoc = load(join(schemas, 'features.yaml'));
    const config = {
      routesDoc: load(join(schemas, 'routes.yaml')),
      redirectsDoc: load(join(schemas, 'redirects.yaml')),
      enabledFeatures: [...resolveFeatures(featuresDoc, features)],
      navigation: load(join(schemas, 'navigation.yaml')),
      site: load(join(schemas, 'site.yaml')),
      api: load(join(schemas, 'api.yaml')),
      errors: load(join(schemas, 'errors.yaml')),
      messages: load(join(schemas, 'messages', 'en.json')),
      app: load(join(schemas, 'app.yaml')),
      themes: Object.fromEntries(files(join(root, 'themes'), '.json').map((name) => {
        const doc = load(join(root, 'themes', name));
        return [doc.name, doc];
      })),
      flows: Object.fromEntries(files(join(root, 'flows'), '.machine.yaml').map((name) => {
        return [basename(name, '.machine.yaml'), load(join(root, 'flows', name))];
      })),
    };
    return `export default ${JSON.stringify(config)};`;
  }

  function loaderIndex(ids: string[], prefix: string, exportName: string): string {
    const entries = ids.map((id) => `  ${JSON.stringify(id)}: () => import(${JSON.stringify(prefix + id)}),`);
    return `export const ${exportName} = {\n${entries.join('\n')}\n};`;
  }

  return {
    name: 'engine-config',
    resolveId(id) {
      if (id === CONFIG || id === SCREENS || id === CONTENT_INDEX || id.startsWith(SCREEN) || id.startsWith(CONTENT)) return `\0${id}`;
      return null;
    },
    load(id) {
      if (!id.startsWith('\0virtual:engine-')) return null;
      const name = id.slice(1);
      if (name === CONFIG) return configModule();
      if (name === SCREENS) return loaderIndex(files(join(schemas, 'screens'), '.yaml').map((f) => basename(f, '.yaml')), SCREEN, 'screenLoaders');
      if (name === CONTENT_INDEX) return loaderIndex(files(join(schemas, 'content'), '.md').map((f) => basename(f, '.md')), CONTENT, 'contentLoaders');
      if (name.startsWith(SCREEN)) return `export default ${JSON.stringify(load(join(schemas, 'screens', `${name.slice(SCREEN.length)}.yaml`)))};`;
      if (name.startsWith(CONTENT)) {
        const path = join(schemas, 'content', `${name.slice(CONTENT.length)}.md`);
        watched.push(path);
        return `export default ${JSON.stringify(readFileSync(path, 'utf8'))};`;
      }
      return null;
    },
    buildEnd() {
      for (const path of watched) this.addWatchFile(path);
    },
  };
}
