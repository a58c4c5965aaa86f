// What `virtual:engine-form/<id>` is in the build: formModuleSource() written to a module file and
// imported, so tests run the very precompiled validator and conditions the browser gets.
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

import { formModuleSource } from '../../../engine/build/form-validator.ts';
import type { FormDoc, FormModule } from '../../../engine/react/forms/types.ts';

const outDir = resolve(import.meta.dirname, '../../../.tmp/form-modules');

export async function loadFormModule(form: FormDoc): Promise<FormModule & { source: string }> {
  const source = formModuleSource(form);
  mkdirSync(outDir, { recursive: true });
  // Named by content: a changed form is a new module, never a stale cached import.
  const file = resolve(outDir, `${form.id}-${createHash('sha256').update(source).digest('hex').slice(0, 16)}.mjs`);
  writeFileSync(file, source);
  return { ...((await import(/* @vite-ignore */ file)) as FormModule), source };
}
