// The bridge's message validators (engine/core/embed/messages.schema.json), compiled while the
// site is built and served to the page as plain code by the virtual module
// `virtual:engine-embed-validators`: ajv's compiler builds functions from strings, which the site's
// Content-Security-Policy forbids in the browser.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { Ajv } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';

export const EMBED_VALIDATORS_ID = 'virtual:engine-embed-validators';
const RESOLVED = `\0${EMBED_VALIDATORS_ID}`;
const SCHEMA_FILE = join(import.meta.dirname, '..', 'core', 'embed', 'messages.schema.json');

const HEADER = `/* eslint-disable */
// Compiled by engine/build/embed-validators.ts from engine/core/embed/messages.schema.json.
`;

/**
 * ajv's runtime helper for string lengths, required as CommonJS: imported instead (the page has no
 * require), by the name the build's dependency list already has (engine/build/forms-plugin.ts).
 */
const UCS2_REQUIRE = 'require("ajv/dist/runtime/ucs2length").default';
const UCS2_IMPORT = `import ucs2lengthModule from "ajv/dist/runtime/ucs2length";
const ucs2length = ucs2lengthModule.default ?? ucs2lengthModule;
`;

export function compileEmbedValidators(): string {
  const schema = JSON.parse(readFileSync(SCHEMA_FILE, 'utf8')) as { $id: string };
  // The messages are told apart by their type (discriminator): one branch checked, not each in turn.
  const ajv = new Ajv({ code: { source: true, esm: true, lines: true }, strict: true, messages: false, discriminator: true });
  ajv.addSchema(schema);
  const code = standaloneCode(ajv, {
    fromHost: `${schema.$id}#/definitions/fromHost`,
    toHost: `${schema.$id}#/definitions/toHost`,
  }).replace(/^"use strict";\n?/, '');
  const usesLength = code.includes(UCS2_REQUIRE);
  const out = `${HEADER}${usesLength ? UCS2_IMPORT : ''}${code.split(UCS2_REQUIRE).join('ucs2length')}\n`;
  for (const [pattern, what] of [[/\bnew\s+Function\b/, 'new Function'], [/(^|[^.\w$])eval\s*\(/, 'eval('], [/\brequire\s*\(/, 'require(']] as const) {
    if (pattern.test(out)) throw new Error(`the compiled validators contain ${what}`);
  }
  return out;
}


export function embedValidatorsPlugin(): Plugin {
  return {
    name: 'engine-embed-validators',
    resolveId(id) {
      return id === EMBED_VALIDATORS_ID ? RESOLVED : null;
    },
    load(id) {
      if (id !== RESOLVED) return null;
      this.addWatchFile(SCHEMA_FILE);
      return compileEmbedValidators();
    },
  };
}
