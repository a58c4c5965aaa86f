// Compiles a form's JSON Schema, and the JSON Schema condition of each of its rules, into one
// standalone ESM module (build time only: ajv's compiler uses `new Function`, its output does not).
// Shared by the Vite plugin and the tests.
import { join } from 'node:path';
import { compileSchemaValidatorsCode } from '@rjsf/validator-ajv8/compileSchemaValidators';
import type { RJSFSchema } from '@rjsf/utils';

import type { FormDoc } from '../react/forms/types.ts';

/** The module the runtime validator factory is imported from (a deep import: no ajv compiler in the chunk). */
export const PRECOMPILED_VALIDATOR_MODULE = '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';

/** Brings rjsf's allOf merger, which a form whose schema has no `allOf` goes without (rjsf-defaults/all-of-merge.ts). */
export const ALL_OF_MERGER_MODULE = join(import.meta.dirname, 'rjsf-defaults', 'all-of-merger.ts');

/** Picks the CommonJS exports object out of whatever namespace the bundler or Node gave an `import * as`. */
const CJS_INTEROP = `function __engineCjs(ns) {
  const d = ns && ns.default;
  return d && typeof d === 'object' && d.__esModule ? d : ns;
}`;

/**
 * ajv's standalone output is CommonJS (`exports["<hash>"] = validate10`, `require("ajv/dist/runtime/...")`):
 * its ESM mode rejects rjsf's hash ids as export names. Rewrite it into an ESM module whose default export is
 * the `{ [schemaHash]: validateFn }` map that `createPrecompiledValidator` expects.
 */
export function toEsmValidatorModule(cjsCode: string): string {
  if (/\bmodule\.exports\b/.test(cjsCode)) {
    throw new Error('unexpected `module.exports` in ajv standalone output (expected a multi-schema export map)');
  }
  const imports: string[] = [];
  const bySpecifier = new Map<string, string>();
  let body = cjsCode.replace(/^\s*["']use strict["'];?/, '');
  body = body.replace(/\brequire\(\s*"([^"]+)"\s*\)/g, (_match, specifier: string) => {
    let local = bySpecifier.get(specifier);
    if (!local) {
      local = `__engineReq${bySpecifier.size}`;
      bySpecifier.set(specifier, local);
      imports.push(`import * as ${local}Ns from ${JSON.stringify(specifier)};`, `const ${local} = __engineCjs(${local}Ns);`);
    }
    return local;
  });
  body = body.replace(/(^|[;{}\s])exports(\[|\.)/g, '$1__engineValidators$2');
  const out = [
    ...(imports.length ? [CJS_INTEROP] : []),
    ...imports,
    'const __engineValidators = {};',
    body.trim(),
    'export default __engineValidators;',
    '',
  ].join('\n');
  assertBrowserSafe(out);
  return out;
}

/** Throws when generated code could evaluate strings at run time or still holds a CommonJS require. */
export function assertBrowserSafe(code: string): void {
  for (const [pattern, what] of [
    [/\bnew\s+Function\b/, 'new Function'],
    [/(^|[^.\w$])eval\s*\(/, 'eval('],
    [/\brequire\s*\(/, 'require('],
  ] as const) {
    if (pattern.test(code)) throw new Error(`generated validator contains ${what}`);
  }
}

/** The key of rule `index`'s compiled condition in the module's function map (beside rjsf's schema hashes). */
export function conditionKey(index: number): string {
  return `engine-condition-${index}`;
}

/**
 * The precompiled validator functions for `schema`, and one for each of `conditions` under
 * `conditionKey(i)`, as ESM source (default export: the function map). One ajv instance compiles
 * both, so the conditions share ajv's runtime helpers and the form's formats.
 */
export function compileFormValidatorSource(schema: RJSFSchema, conditions: RJSFSchema[] = []): string {
  const code = compileSchemaValidatorsCode(schema, {
    ajvOptionsOverrides: { code: { lines: false } },
    extenderFn: (ajv) => {
      conditions.forEach((condition, index) => ajv.addSchema({ ...condition, $id: conditionKey(index) }));
      return ajv;
    },
  });
  return toEsmValidatorModule(code);
}

/**
 * The whole `virtual:engine-form/<id>` module: the form document, its ready validator and its rules'
 * compiled conditions (`conditions[i]` for `form.rules[i]`).
 * `precompiledModule` lets tests point at the same factory by another specifier if they need to.
 */
export function formModuleSource(form: FormDoc, precompiledModule = PRECOMPILED_VALIDATOR_MODULE): string {
  const rules = form.rules ?? [];
  const validatorCode = compileFormValidatorSource(form.schema, rules.map((rule) => rule.condition));
  // The validator source default-exports its map; inline it as a local so the whole form is one module.
  const inlined = validatorCode.replace(/\nexport default __engineValidators;\n$/, '\n');
  const conditions = rules.map((_, index) => `__engineValidators[${JSON.stringify(conditionKey(index))}]`);
  const usesAllOf = JSON.stringify(form.schema).includes('"allOf"');
  return [
    ...(usesAllOf ? [`import ${JSON.stringify(ALL_OF_MERGER_MODULE)};`] : []),
    `import createPrecompiledValidator from ${JSON.stringify(precompiledModule)};`,
    inlined,
    `export const form = ${JSON.stringify(form)};`,
    'export const validator = createPrecompiledValidator(__engineValidators, form.schema);',
    `export const conditions = [${conditions.join(', ')}];`,
    'export default { form, validator, conditions };',
    '',
  ].join('\n');
}
