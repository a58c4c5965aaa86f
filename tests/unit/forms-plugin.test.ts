import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

import { FormConfigError, formsIndexSource, formsPlugin, listFormFiles, readFormFile } from '../../engine/build/forms-plugin.ts';
import { parseFormSource } from '../../engine/build/form-files.ts';
import { compileFormValidatorSource } from '../../engine/build/form-validator.ts';

const formsDir = resolve(import.meta.dirname, '../fixtures/forms');

type Hook = (this: unknown, ...args: unknown[]) => unknown;
function call(hook: unknown, ctx: unknown, ...args: unknown[]): unknown {
  const fn = (typeof hook === 'function' ? hook : (hook as { handler: Hook }).handler) as Hook;
  return fn.call(ctx, ...args);
}

function pluginContext() {
  const watched: string[] = [];
  return {
    watched,
    ctx: {
      addWatchFile: (f: string) => watched.push(f),
      error: (msg: string) => {
        throw new Error(msg);
      },
    },
  };
}

describe('formsPlugin', () => {
  const plugin = formsPlugin({ formsDir });

  it('serves the index of lazy form loaders', () => {
    const { ctx, watched } = pluginContext();
    const resolved = call(plugin.resolveId, ctx, 'virtual:engine-forms') as string;
    expect(resolved).toBe('\0virtual:engine-forms');
    const code = call(plugin.load, ctx, resolved) as string;
    expect(code).toContain(`"sample-signup": () => import("virtual:engine-form/sample-signup")`);
    expect(watched).toContain(resolve(formsDir, 'sample-signup.yaml'));
    expect(formsIndexSource([])).toContain('export const formLoaders = {');
  });

  it('generates a browser-safe ESM validator module per form', () => {
    const { ctx, watched } = pluginContext();
    const resolved = call(plugin.resolveId, ctx, 'virtual:engine-form/sample-signup') as string;
    const code = call(plugin.load, ctx, resolved) as string;
    expect(watched).toEqual([resolve(formsDir, 'sample-signup.yaml')]);
    expect(code).not.toMatch(/new\s+Function/);
    expect(code).not.toMatch(/(^|[^.\w$])eval\s*\(/);
    expect(code).not.toMatch(/\brequire\s*\(/);
    expect(code).toMatch(/^import createPrecompiledValidator from "@rjsf\/validator-ajv8\/lib\/createPrecompiledValidator\.js";/);
    // ajv's runtime helper for string lengths, rewritten to an ESM import
    expect(code).toContain('import * as __engineReq0Ns from "ajv/dist/runtime/ucs2length";');
    expect(code).toContain('export const validator = createPrecompiledValidator(__engineValidators, form.schema);');
    expect(code).toContain('"submit":"actions.register"');
    // texts stay message keys: translated at render time
    expect(code).toContain('"title":"fields.email"');
  });

  it('the bare validator source has the same guarantees', () => {
    const code = compileFormValidatorSource(readFormFile(resolve(formsDir, 'sample-signup.yaml')).schema);
    expect(code).not.toMatch(/new\s+Function|\beval\s*\(|\brequire\s*\(/);
    expect(code).toMatch(/export default __engineValidators;\s*$/);
  });

  it('names file, line, path and reason for a broken form', () => {
    const file = resolve(formsDir, 'invalid/bad-rule.yaml');
    let error: unknown;
    try {
      readFormFile(file);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(FormConfigError);
    const e = error as FormConfigError;
    expect(e.file).toBe(file);
    expect(e.path).toBe('rules.0.condition.properties.missing');
    expect(e.line).toBe(10);
    expect(e.reason).toBe('no field `missing` in schema');
  });

  it('fails the module load for an unknown form', () => {
    const { ctx } = pluginContext();
    expect(() => call(plugin.load, ctx, '\0virtual:engine-form/nope')).toThrow(/no form file/);
  });

  it('rejects malformed rules and unknown check types with their path', () => {
    const base = 'schema: { type: object, properties: { a: { type: string }, b: { type: string }, box: { type: object, properties: { c: { type: string } } } } }\n';
    const rule = (text: string) => () => parseFormSource(`${base}rules:\n  - ${text}\n`, 'f.yaml');
    expect(rule('{ field: a, show: { field: b, equals: x } }')).toThrow(/^f\.yaml:3: rules\.0\.show: unknown key; expected field, effect, condition$/);
    expect(rule('{ field: a, effect: REVEAL, condition: { required: [b] } }')).toThrow(/rules\.0\.effect: unknown effect `REVEAL`; expected SHOW, HIDE, ENABLE, DISABLE, REQUIRE/);
    expect(rule('{ field: z, effect: SHOW, condition: { required: [b] } }')).toThrow(/rules\.0\.field: no field `z` in schema/);
    expect(rule('{ field: a, effect: SHOW, condition: b }')).toThrow(/rules\.0\.condition: must be a JSON Schema/);
    expect(rule('{ field: a, effect: SHOW, condition: { required: [b, nope] } }')).toThrow(/rules\.0\.condition\.required\.1: no field `nope` in schema/);
    expect(rule('{ field: a, effect: SHOW, condition: { anyOf: [{ properties: { box: { properties: { d: { const: 1 } } } } }] } }'))
      .toThrow(/rules\.0\.condition\.anyOf\.0\.properties\.box\.properties\.d: no field `box\.d` in schema/);
    expect(rule('{ field: a, effect: HIDE, condition: { properties: { a: { const: x } } } }')).toThrow(/rules\.0\.condition\.properties\.a: a rule cannot depend on its own field `a`/);
    expect(rule('{ field: a, effect: SHOW, condition: { $id: x, required: [b] } }')).toThrow(/rules\.0\.condition\.\$id: a condition cannot have its own `\$id`/);
    const ok = parseFormSource(`${base}rules: [{ field: box.c, effect: REQUIRE, condition: { not: { required: [a] }, properties: { b: { enum: [x, y] } } } }]\n`, 'f.yaml');
    expect(ok.rules).toEqual([{ field: 'box.c', effect: 'REQUIRE', condition: { not: { required: ['a'] }, properties: { b: { enum: ['x', 'y'] } } } }]);
    expect(() => parseFormSource(`${base}checks: [{ type: nope, field: a }]\n`, 'f.yaml')).toThrow(/checks\.0\.type: unknown check `nope`/);
    expect(parseFormSource(`${base}checks: [{ type: sameAs, field: a, other: b }]\n`, 'f.yaml').checks).toEqual([{ type: 'sameAs', field: 'a', other: 'b' }]);
    expect(() => parseFormSource(`${base}checks: [{ type: digitChecksum, field: a, weights: [], modulus: 10 }]\n`, 'f.yaml')).toThrow(/checks\.0\.weights: must be a list of whole numbers/);
    expect(() => parseFormSource(`${base}checks: [{ type: digitChecksum, field: a, weights: [3, 7, 1], modulus: 1 }]\n`, 'f.yaml')).toThrow(/checks\.0\.modulus: must be a whole number of at least 2/);
  });

  it("builds every form of the project's schemas/forms", () => {
    const dir = resolve(import.meta.dirname, '../../schemas/forms');
    const project = formsPlugin({ formsDir: dir });
    for (const file of listFormFiles(dir)) {
      const { ctx } = pluginContext();
      const id = file.replace(/^.*\//, '').replace(/\.ya?ml$/, '');
      const code = call(project.load, ctx, `\0virtual:engine-form/${id}`) as string;
      expect(code, id).not.toMatch(/new\s+Function|(^|[^.\w$])eval\s*\(|\brequire\s*\(/);
    }
  });
});
