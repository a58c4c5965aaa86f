import { describe, expect, it } from 'vitest';
import { sameFields } from '../../engine/core/same-fields.ts';

describe('sameFields', () => {
  it('is true for records with the same value in every field, new objects or not', () => {
    const user = { id: 1 };
    expect(sameFields({ theme: 'Default', user, n: Number.NaN }, { theme: 'Default', user, n: Number.NaN })).toBe(true);
  });

  it('is false when a field differs, is missing, or holds an equal but other object', () => {
    expect(sameFields({ theme: 'Default' }, { theme: 'Harbor' })).toBe(false);
    expect(sameFields({ theme: 'Default', user: null }, { theme: 'Default' })).toBe(false);
    expect(sameFields({ theme: 'Default' }, { theme: 'Default', user: undefined })).toBe(false);
    expect(sameFields({ user: { id: 1 } }, { user: { id: 1 } })).toBe(false);
  });
});
