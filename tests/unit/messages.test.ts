import { describe, expect, it } from 'vitest';
import { getMessage, interpolate, isMessageKey, normalizeFieldPath, resolveValidationMessageKey } from '../../engine/core/messages.ts';

const catalog = {
  validation: { required: 'Required', default: 'Invalid value' },
  'login.title': 'Sign in',
  guestPay: { amount: { tooHigh: 'Too high' } },
};

describe('resolveValidationMessageKey', () => {
  const form = { 'amount.required': 'guestPay.amountInvalid', 'items.name.minLength': 'x.itemName' };
  it("uses the field's own key first", () => {
    expect(resolveValidationMessageKey(form, 'amount', 'required', catalog)).toBe('guestPay.amountInvalid');
    expect(resolveValidationMessageKey(form, '.amount', 'required', catalog)).toBe('guestPay.amountInvalid');
    expect(resolveValidationMessageKey(form, '/amount', 'required', catalog)).toBe('guestPay.amountInvalid');
  });
  it('ignores array indexes when the form names the field without them', () => {
    expect(resolveValidationMessageKey(form, 'items[2].name', 'minLength', catalog)).toBe('x.itemName');
  });
  it('falls back to validation.<keyword> when the catalog has it', () => {
    expect(resolveValidationMessageKey(form, 'email', 'required', catalog)).toBe('validation.required');
    expect(resolveValidationMessageKey(undefined, 'email', 'required', catalog)).toBe('validation.required');
  });
  it('falls back to validation.default', () => {
    expect(resolveValidationMessageKey(form, 'email', 'format', catalog)).toBe('validation.default');
    expect(resolveValidationMessageKey({}, 'email', 'format', undefined)).toBe('validation.default');
  });
});

describe('catalog lookup', () => {
  it('reads nested, flat and mixed keys', () => {
    expect(getMessage(catalog, 'validation.required')).toBe('Required');
    expect(getMessage(catalog, 'login.title')).toBe('Sign in');
    expect(getMessage(catalog, 'guestPay.amount.tooHigh')).toBe('Too high');
    expect(getMessage(catalog, 'guestPay.amount')).toBeUndefined();
    expect(getMessage(catalog, 'nope.nope')).toBeUndefined();
  });
  it('recognises message keys', () => {
    expect(isMessageKey('login.title')).toBe(true);
    expect(isMessageKey('errorCodes.PA037')).toBe(true);
    expect(isMessageKey('Login')).toBe(false);
    expect(isMessageKey('login')).toBe(false);
    expect(isMessageKey('Sign in.')).toBe(false);
    expect(normalizeFieldPath('a[0].b')).toBe('a.0.b');
  });
});

describe('interpolate', () => {
  it('replaces {{name}} and nested names, keeping unknown ones', () => {
    expect(interpolate('Error ID: {{errorId}}', { errorId: 'x1' })).toBe('Error ID: x1');
    expect(interpolate('{{ a.b }} and {{c}}', { a: { b: 2 }, c: 0 })).toBe('2 and 0');
    expect(interpolate('Hi {{who}}', {})).toBe('Hi {{who}}');
    expect(interpolate('no placeholders')).toBe('no placeholders');
  });
});
