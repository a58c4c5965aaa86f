// The settings window's text turned into each key's type (flows/manage-settings.ts), and back.
import { describe, expect, it } from 'vitest';
import { settingText, settingValue } from '../../flows/manage-settings.ts';

describe('settingValue', () => {
  it('turns the typed text into the key type', () => {
    expect(settingValue(' https://x.example/p ', { type: ['string', 'null'] })).toBe('https://x.example/p');
    expect(settingValue('  ', { type: ['string', 'null'] })).toBeNull();
    expect(settingValue('', { type: 'string' })).toBe('');
    expect(settingValue('true', { type: 'boolean' })).toBe(true);
    expect(settingValue('false', { type: 'boolean' })).toBe(false);
    expect(settingValue('maybe', { type: 'boolean' })).toBeUndefined();
    expect(settingValue('https://a.example\nhttps://b.example, https://c.example', { type: 'array' })).toEqual(['https://a.example', 'https://b.example', 'https://c.example']);
    expect(settingValue('["a","b"]', { type: 'array' })).toEqual(['a', 'b']);
    expect(settingValue('[oops', { type: 'array' })).toBeUndefined();
    expect(settingValue('12', { type: 'integer' })).toBe(12);
    expect(settingValue('twelve', { type: 'integer' })).toBeUndefined();
  });

  it('shows a value as it is typed again', () => {
    expect(settingText(null)).toBe('');
    expect(settingText(['a', 'b'])).toBe('a\nb');
    expect(settingText(true)).toBe('true');
    expect(settingText('x')).toBe('x');
    expect(settingValue(settingText(['a', 'b']), { type: 'array' })).toEqual(['a', 'b']);
  });

  it('takes an object key as JSON, and shows it as JSON again', () => {
    const keys = { keys: [{ kty: 'EC', crv: 'P-256', x: 'x', y: 'y' }] };
    expect(settingValue(JSON.stringify(keys), { type: ['object', 'null'] })).toEqual(keys);
    expect(settingValue('', { type: ['object', 'null'] })).toBeNull();
    expect(settingValue('{"keys": [', { type: ['object', 'null'] })).toBeUndefined();
    expect(settingText(keys)).not.toBe('[object Object]');
    expect(settingValue(settingText(keys), { type: ['object', 'null'] })).toEqual(keys);
  });
});
