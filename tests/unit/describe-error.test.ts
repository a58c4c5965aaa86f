import { describe, expect, it } from 'vitest';
import { describeError } from '../../engine/core/flow/builtins.ts';

// What a flow keeps of a failed call: the server's words, its error code, and, when the server
// names the fields at fault, their messages (shown instead of the summary).
describe('describeError', () => {
  it('keeps the detail and the error code', () => {
    expect(describeError({ status: 409, body: { detail: 'Taken.', errorCode: 'HRQ005' } })).toEqual({ code: 'HRQ005', text: 'Taken.', status: 409 });
  });
  it('keeps the messages of the fields at fault, in order, without empty ones', () => {
    const error = { status: 400, body: { detail: 'Invalid.', errorCode: 'VAL001', fields: { value: 'Invalid phone number', label: 'Label is required.', other: '' } } };
    expect(describeError(error).fields).toEqual(['Invalid phone number', 'Label is required.']);
  });
  it('has no fields when the server named none, and a network failure keeps its message', () => {
    expect(describeError({ status: 400, body: { detail: 'Bad.' } })).not.toHaveProperty('fields');
    expect(describeError(new Error('Failed to fetch'))).toEqual({ code: undefined, text: 'Failed to fetch', status: undefined });
  });
});
