// In the browser build rjsf merges `allOf` through engine/build/rjsf-defaults/all-of-merge.ts, with
// the merger the module of a form that has `allOf` brings (rjsf-substitutes-plugin.ts).
import realShallowAllOfMerge from '@rjsf/utils/lib/schema/shallowAllOfMerge.js';
import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it, vi } from 'vitest';
import { ALL_OF_MERGER_MODULE, formModuleSource } from '../../engine/build/form-validator.ts';
import type { FormDoc } from '../../engine/react/forms/types.ts';
import { loadFormModule } from './support/form-module.ts';

const plainForm: FormDoc = {
  id: 'plain',
  schema: { type: 'object', properties: { email: { type: 'string' } } },
} as FormDoc;

const allOfSchema: RJSFSchema = {
  type: 'object',
  allOf: [
    { properties: { email: { type: 'string', maxLength: 254 } }, required: ['email'] },
    { properties: { email: { type: 'string', minLength: 3 }, amount: { type: 'number' } }, required: ['amount'] },
  ],
};
const allOfForm: FormDoc = { id: 'all-of', schema: allOfSchema } as FormDoc;

describe("the allOf merger comes with the forms that need it", () => {
  it('is imported by the module of a form whose schema has allOf, and only by it', () => {
    expect(formModuleSource(allOfForm)).toContain(`import ${JSON.stringify(ALL_OF_MERGER_MODULE)};`);
    expect(formModuleSource(plainForm)).not.toContain(ALL_OF_MERGER_MODULE);
  });

  it('merges as rjsf does once such a form is loaded, and says what is missing before', async () => {
    vi.resetModules();
    const standIn = (await import('../../engine/build/rjsf-defaults/all-of-merge.ts')).default;
    expect(() => standIn(allOfSchema)).toThrow(/allOf/);

    await loadFormModule(plainForm);
    expect(() => standIn(allOfSchema)).toThrow(/allOf/);

    await loadFormModule(allOfForm);
    expect(standIn(allOfSchema)).toEqual(realShallowAllOfMerge(allOfSchema));
    expect(standIn(allOfSchema)).toMatchObject({
      properties: { email: { maxLength: 254, minLength: 3 }, amount: { type: 'number' } },
      required: expect.arrayContaining(['email', 'amount']),
    });
  });
});
