// The engine's texts (engine/react/app/translator.ts): flat keys, `{{name}}` values, texts added later.
import { describe, expect, it } from 'vitest';

import { createTranslator } from '../../engine/react/app/translator.ts';

describe('createTranslator', () => {
  it('reads a dotted key as one flat key, not as levels', () => {
    const translator = createTranslator({ 'login.title': 'Sign in', login: 'not this' });
    expect(translator.t('login.title')).toBe('Sign in');
    expect(translator.exists('login.title')).toBe(true);
  });

  it('fills {{name}} from the values, spaces inside the braces allowed', () => {
    const translator = createTranslator({ 'pay.done': 'Paid {{amount}} on {{ date }}.' });
    expect(translator.t('pay.done', { amount: '$12.50', date: 'May 1' })).toBe('Paid $12.50 on May 1.');
    expect(translator.t('pay.done', { amount: 0, date: 'May 1' })).toBe('Paid 0 on May 1.');
  });

  it('leaves characters that are markup as they are: the texts are rendered by React, which escapes them', () => {
    const translator = createTranslator({ greeting: 'Hello {{name}}' });
    expect(translator.t('greeting', { name: '<b>Ann & Bo</b>' })).toBe('Hello <b>Ann & Bo</b>');
  });

  it('answers a missing key with the key itself, and says it does not exist', () => {
    const translator = createTranslator({ a: 'A' });
    expect(translator.t('errorCodes.NOPE')).toBe('errorCodes.NOPE');
    expect(translator.exists('errorCodes.NOPE')).toBe(false);
    expect(translator.exists('toString')).toBe(false);
  });

  it('keeps an empty text empty rather than showing its key', () => {
    const translator = createTranslator({ 'footer.note': '' });
    expect(translator.t('footer.note')).toBe('');
  });

  it('adds texts that arrive later without losing the first ones or touching the caller\'s object', () => {
    const messages = { 'app.name': 'Portal' };
    const translator = createTranslator(messages);
    translator.add({ 'screen.title': 'Billing' });
    expect(translator.t('screen.title')).toBe('Billing');
    expect(translator.t('app.name')).toBe('Portal');
    expect(messages).toEqual({ 'app.name': 'Portal' });
  });
});
