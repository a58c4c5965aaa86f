// Vite plugin: schemas/forms/*.yaml -> virtual modules.
//   virtual:engine-forms          { formIds, formLoaders: { [id]: () => import('virtual:engine-form/<id>') } }
//   virtual:engine-form/<id>      { form, validator } with the validator precompiled to plain JS (its own lazy chunk)
// Texts stay message keys; the renderer translates them at run time.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { EnvironmentModuleNode, Plugin, ViteDevServer } from 'vite';
import { hotAcceptSource } from './hot-accept.ts';

import { FormConfigError, formIdOf, listFormFiles, readFormFile } from './form-files.ts';
import { PRECOMPILED_VALIDATOR_MODULE, formModuleSource } from './form-validator.ts';

export const FORMS_INDEX_ID = 'virtual:engine-forms';
export const FORM_MODULE_PREFIX = 'virtual:engine-form/';
const RESOLVED_INDEX = `\0${FORMS_INDEX_ID}`;
const RESOLVED_PREFIX = `\0${FORM_MODULE_PREFIX}`;

export interface FormsPluginOptions {
  /** Folder holding `<id>.yaml` form files, e.g. `schemas/forms`. */
  formsDir: string;
  /**
   * The forms a build lists apart, in the table only gated areas fetch (the config plugin's
   * `virtual:engine-apart`, engine/build/apart.ts): left out of the index every page carries.
   */
  apart?: (ssr: boolean) => Promise<{ forms: string[] }>;
}

/** The `virtual:engine-forms` source for the given form ids. */
export function formsIndexSource(ids: string[]): string {
  const loaders = ids
    .map((id) => `  ${JSON.stringify(id)}: () => import(${JSON.stringify(FORM_MODULE_PREFIX + id)}),`)
    .join('\n');
  return `export const formIds = ${JSON.stringify(ids)};\nexport const formLoaders = {\n${loaders}\n};\n`;
}

export function formsPlugin({ formsDir, apart }: FormsPluginOptions): Plugin {
  const dir = resolve(formsDir);
  const fileOf = (id: string) => {
    const yaml = resolve(dir, `${id}.yaml`);
    return existsSync(yaml) ? yaml : resolve(dir, `${id}.yml`);
  };

  const invalidateAll = (server: ViteDevServer) => {
    for (const env of Object.values(server.environments)) {
      const graph = env.moduleGraph;
      for (const id of [RESOLVED_INDEX, ...listFormFiles(dir).map((f) => RESOLVED_PREFIX + formIdOf(f))]) {
        const mod = graph.getModuleById(id);
        if (mod) graph.invalidateModule(mod);
      }
    }
  };

  let serving = false;
  return {
    name: 'engine-forms',
    configResolved(config) { serving = config.command === 'serve'; },
    config() {
      // The generated validators import ajv's small runtime helpers; pre-bundle them for dev.
      return {
        optimizeDeps: {
          include: [PRECOMPILED_VALIDATOR_MODULE, 'ajv/dist/runtime/ucs2length', 'ajv/dist/runtime/equal', 'ajv/dist/runtime/uri', 'ajv-formats/dist/formats'],
        },
      };
    },
    resolveId(id) {
      if (id === FORMS_INDEX_ID) return RESOLVED_INDEX;
      if (id.startsWith(FORM_MODULE_PREFIX)) return `\0${id}`;
      return null;
    },
    load(id, options) {
      if (id === RESOLVED_INDEX) {
        // Development mode watches the folder itself (configureServer, hotUpdate); in Vite's
        // development server a watched file would count as an import of the module.
        if (serving) return formsIndexSource(listFormFiles(dir).map(formIdOf));
        this.addWatchFile(dir);
        const files = listFormFiles(dir);
        for (const f of files) this.addWatchFile(f);
        const ids = files.map(formIdOf);
        if (!apart) return formsIndexSource(ids);
        return apart(options?.ssr === true).then(({ forms }) => formsIndexSource(ids.filter((formId) => !forms.includes(formId))));
      }
      if (id.startsWith(RESOLVED_PREFIX)) {
        const formId = id.slice(RESOLVED_PREFIX.length);
        const file = fileOf(formId);
        if (!serving) this.addWatchFile(file);
        if (!existsSync(file)) this.error(`${FORM_MODULE_PREFIX}${formId}: no form file ${file}`);
        try {
          const source = formModuleSource(readFormFile(file), PRECOMPILED_VALIDATOR_MODULE);
          return serving ? source + hotAcceptSource(id.slice(1)) : source;
        } catch (err) {
          if (err instanceof FormConfigError) this.error(err.message);
          this.error(`${file}: schema: ${(err as Error).message}`);
        }
      }
      return null;
    },
    configureServer(server) {
      server.watcher.add(dir);
      const onListChange = (file: string) => {
        if (resolve(file).startsWith(dir)) {
          invalidateAll(server);
          server.ws.send({ type: 'full-reload' });
        }
      };
      server.watcher.on('add', onListChange);
      server.watcher.on('unlink', onListChange);
    },
    // A saved form updates its own module only, which the open page takes in place (hot-accept.ts);
    // a form added or removed changes the index, which reloads the page (configureServer).
    hotUpdate({ file, type, modules }) {
      if (this.environment.name !== 'client' || type !== 'update' || !resolve(file).startsWith(dir) || !/\.ya?ml$/i.test(file)) return;
      const mine = [RESOLVED_PREFIX + formIdOf(file)]
        .map((id) => this.environment.moduleGraph.getModuleById(id))
        .filter((module): module is EnvironmentModuleNode => Boolean(module));
      for (const module of mine) this.environment.moduleGraph.invalidateModule(module);
      return [...modules, ...mine];
    },
  };
}

export { FormConfigError, listFormFiles, readFormFile } from './form-files.ts';
export { compileFormValidatorSource, formModuleSource, assertBrowserSafe } from './form-validator.ts';
