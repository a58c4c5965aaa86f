// The error rules and the error-code texts arrive with the first failure, not with the page: until
// they are fetched nothing is decided, and once fetched the rules decide with those texts.
import { describe, expect, it } from 'vitest';
import { lazyFailureHandling } from '../../engine/react/app/failure-handling.ts';
import { createTranslator } from '../../engine/react/app/translator.ts';

describe('lazyFailureHandling', () => {
  it('decides nothing before its rules are fetched, then applies them with the texts of the error codes', async () => {
    const translator = createTranslator({ 'errors.unexpected': 'Something went wrong.' });
    const failures = lazyFailureHandling(translator, { 'errors.unexpected': 'Something went wrong.' });
    const refused = { operationId: 'confirmPayment', status: 400, body: { errorCode: 'AUTH001' }, currentRoute: '/billing' };
    expect(failures.decide(refused)).toBeNull();
    expect(translator.exists('errorCodes.AUTH001')).toBe(false);

    await failures.load();
    expect(translator.t('errorCodes.AUTH001')).toBe('Invalid username, password, or company.');
    expect(failures.decide(refused)).toMatchObject({ rule: 'clientError', logout: false, toast: { titleKey: 'errors.unexpected', descriptionKey: 'errorCodes.AUTH001' } });
    expect(failures.decide({ operationId: 'getLedger', status: 401, currentRoute: '/billing' })).toMatchObject({ rule: 'sessionEnded', logout: true, navigateTo: '/login' });
    // A code the catalogue has no text for gives no description rather than a key.
    expect(failures.decide({ ...refused, body: { errorCode: 'NOPE9' } })?.toast?.descriptionKey).toBeUndefined();
  });
});
