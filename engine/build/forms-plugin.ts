// Vite plugin: schemas/forms/*.yaml -> virtual modules.
//   virtual:engine-forms          { formIds, formLoaders: { [id]: () => import('virtual:engine-form/<id>') } }
//   virtual:engine-form/<id>      { form, validator } with the validator precompiled to plain JS (its own lazy chunk)
// Texts stay message keys; the renderer translates them at run time.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';

import { FormConfigError, formIdOf, listFormFiles, readFormFile } from './form-files.ts';
import { PRECOMPILED_VALIDATOR_MODULE, formModuleSource } from './form-validator.ts';

export const FORMS_INDEX_ID = 'virtual:engine-forms';
export const FORM_MODULE_PREFIX = 'virtual:engine-form/';
const RESOLVED_INDEX = `\0${FORMS_INDEX_ID}`;
const RESOLVED_PREFIX = `\0${FORM_MODULE_PREFIX}`;

export interface FormsPluginOptions {
  /** Folder holding `<id>.yaml` form files, e.g. `schemas/forms`. */
  formsDir: string;
}

/** The `virtual:engine-forms` source for the given form ids. */
export function formsIndexSource(ids: string[]): string {
  const loaders = ids
    .map((id) => `  ${JSON.stringify(id)}: () => import(${JSON.stringify(FORM_MODULE_PREFIX + id)}),`)
    .join('\n');
  return `export const formIds = ${JSON.stringify(ids)};\nexport const formLoaders = {\n${loaders}\n};\n`;
}

export function formsPlugin({ formsDir }: FormsPluginOptions): Plugin {
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

  // The development server watches the folder itself (configureServer); a folder given to
  // addWatchFile there becomes an import of the index that cannot be resolved.
  let serving = false;

  return {
    name: 'engine-forms',
    config() {
      // The generated validators import ajv's small runtime helpers; pre-bundle them for dev.
      return {
        optimizeDeps: {
          include: ['ajv/dist/runtime/ucs2length', 'ajv/dist/runtime/equal', 'ajv/dist/runtime/uri', 'ajv-formats/dist/formats'],
        },
      };
    },
    resolveId(id) {
      if (id === FORMS_INDEX_ID) return RESOLVED_INDEX;
      if (id.startsWith(FORM_MODULE_PREFIX)) return `\0${id}`;
      return null;
    },
    load(id) {
      if (id === RESOLVED_INDEX) {
        if (!serving) this.addWatchFile(dir);
        const files = listFormFiles(dir);
        for (const f of files) this.addWatchFile(f);
        return formsIndexSource(files.map(formIdOf));
      }
      if (id.startsWith(RESOLVED_PREFIX)) {
        const formId = id.slice(RESOLVED_PREFIX.length);
        const file = fileOf(formId);
        this.addWatchFile(file);
        if (!existsSync(file)) this.error(`${FORM_MODULE_PREFIX}${formId}: no form file ${file}`);
        try {
          return formModuleSource(readFormFile(file), PRECOMPILED_VALIDATOR_MODULE);
        } catch (err) {
          if (err instanceof FormConfigError) this.error(err.message);
          this.error(`${file}: schema: ${(err as Error).message}`);
        }
      }
      return null;
    },
    configureServer(server) {
      serving = true;
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
    handleHotUpdate({ file, server }) {
      if (!resolve(file).startsWith(dir) || !/\.ya?ml$/i.test(file)) return;
      const mods = [RESOLVED_INDEX, RESOLVED_PREFIX + formIdOf(file)]
        .map((id) => server.moduleGraph.getModuleById(id))
        .filter((m): m is NonNullable<typeof m> => Boolean(m));
      for (const m of mods) server.moduleGraph.invalidateModule(m);
      return mods;
    },
  };
}

export { FormConfigError, listFormFiles, readFormFile } from './form-files.ts';
export { compileFormValidatorSource, formModuleSource, assertBrowserSafe } from './form-validator.ts';
