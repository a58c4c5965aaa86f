import { describe, expect, it } from 'vitest';
import { placeServerErrors } from '../../engine/react/forms/server-errors.ts';

describe('placeServerErrors', () => {
  const form = {
    schema: { type: 'object' as const, properties: { startDate: { type: 'string' as const }, percent: { type: 'integer' as const }, group: { type: 'object' as const, properties: { inner: { type: 'string' as const } } } } },
    serverFields: { 'amount.basisPoints': 'percent' },
  };

  it('puts each message by the form field that filled the request field, the rest in the general area', () => {
    expect(placeServerErrors({ startDate: 'A', 'amount.basisPoints': 'B', 'group.inner': 'C', 'amount.maximumCents': 'D' }, form)).toEqual({
      byField: { startDate: 'A', percent: 'B', 'group.inner': 'C' },
      unplaced: ['D'],
    });
  });

  it('keeps the first message when two request fields land on one form field', () => {
    expect(placeServerErrors({ percent: 'A', 'amount.basisPoints': 'B' }, form)).toEqual({ byField: { percent: 'A' }, unplaced: ['B'] });
    expect(placeServerErrors(undefined, form)).toEqual({ byField: {}, unplaced: [] });
  });
});
