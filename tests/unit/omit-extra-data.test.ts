// The browser build leaves rjsf's omitExtraData out (engine/build/rjsf-defaults/omit-extra-data.ts):
// only a form that sets `omitExtraData` would call it, and no engine code sets it.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import omitExtraData, { getFieldNames, getUsedFormData, isValueEmpty } from '../../engine/build/rjsf-defaults/omit-extra-data.ts';

const engineDir = join(import.meta.dirname, '..', '..', 'engine', 'react');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe("rjsf's omitExtraData stand-in", () => {
  it('is never needed: no engine code turns on omitExtraData or liveOmit', () => {
    const setting = sources(engineDir).filter((file) => /\b(omitExtraData|liveOmit)\b/.test(readFileSync(file, 'utf8')));
    expect(setting).toEqual([]);
  });

  it('says what is left out if it is ever called', () => {
    expect(() => omitExtraData()).toThrow(/omitExtraData/);
    expect(() => getUsedFormData()).toThrow(/getUsedFormData/);
    expect(() => getFieldNames()).toThrow(/getFieldNames/);
    expect(() => isValueEmpty()).toThrow(/isValueEmpty/);
  });
});
