import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { decideErrorHandling, underPath, type ErrorInput, type ErrorRules } from '../../engine/core/errors.ts';

const rules: ErrorRules = parse(readFileSync('schemas/errors.yaml', 'utf8'));
const catalog = { errorCodes: { PA037: 'Add a primary e-mail in Profile Settings.' } };
const decide = (input: Partial<ErrorInput>) =>
  decideErrorHandling(rules, { operationId: 'getLedger', currentRoute: '/dashboard', ...input }, catalog);

describe('decideErrorHandling with schemas/errors.yaml', () => {
  it('ignores cancelled requests', () => {
    expect(decide({ cancelled: true, status: 401 })).toEqual({ logout: false, rule: 'cancelled' });
    expect(decide({ cancelled: true, noResponse: true }).toast).toBeUndefined();
  });

  it('logs out on 401 and goes to /login', () => {
    const d = decide({ status: 401 });
    expect(d.logout).toBe(true);
    expect(d.navigateTo).toBe('/login');
    expect(d.toast).toBeUndefined();
  });

  // The spec's exceptions: /Users/AuthenticateSSO, /Users/Authenticate (and the portal token below
  // it), /HomeSettings, /Account (and the express and guest accounts).
  it.each(['authenticateSSO', 'authenticate', 'createPortalToken', 'getHomeSettings', 'getAccounts', 'getExpressAccount', 'getGuestAccount'])(
    'does not log out on 401 from %s',
    (operationId) => {
      const d = decide({ status: 401, operationId, body: { detail: 'Invalid login details' } });
      expect(d.logout).toBe(false);
      expect(d.navigateTo).toBeUndefined();
      expect(d.toast?.title).toBe('Invalid login details');
    },
  );

  it('still logs out on 401 from an operation whose name only starts like an exception', () => {
    expect(decide({ status: 401, operationId: 'authenticateExpressPay', currentRoute: '/dashboard' }).logout).toBe(true);
    expect(decide({ status: 401, operationId: 'getAccountsExport' }).logout).toBe(true);
    expect(decide({ status: 401, operationId: 'getUser' }).logout).toBe(true);
  });

  it('names only operations declared in openapi/', () => {
    const declared = readFileSync('generated/operations.ts', 'utf8');
    const named = rules.rules.flatMap((r) => [...(r.when.operations ?? []), ...(r.when.exceptOperations ?? [])]);
    expect(named.length).toBeGreaterThan(0);
    for (const id of named) expect(declared, id).toContain(`"${id}": {`);
  });

  it.each(['/login', '/login/acme', '/embed/login', '/embed/login/acme', '/LOGIN'])('does not log out on 401 when already on %s', (currentRoute) => {
    expect(decide({ status: 401, currentRoute }).logout).toBe(false);
  });

  it('403 on /HomeSettings: logout, info toast, /login', () => {
    const d = decide({ status: 403, operationId: 'getHomeSettings' });
    expect(d).toMatchObject({ logout: true, navigateTo: '/login' });
    expect(d.toast).toEqual({
      status: 'info', titleKey: 'errors.loginExpiredTitle', descriptionKey: 'errors.loginExpiredText', durationMs: 10000,
    });
  });

  it('other 403 is treated like 4xx', () => {
    const d = decide({ status: 403, body: { title: 'Forbidden', errorId: 'E-9' } });
    expect(d.logout).toBe(false);
    expect(d.toast).toEqual({ status: 'error', title: 'Forbidden', durationMs: 60000, errorId: 'E-9' });
  });

  it('204 on /HomeSettings: logout, warning toast, /login', () => {
    const d = decide({ status: 204, operationId: 'getHomeSettings' });
    expect(d).toMatchObject({ logout: true, navigateTo: '/login' });
    expect(d.toast).toMatchObject({ status: 'warning', titleKey: 'errors.loginExpiredTitle', descriptionKey: 'errors.loginExpiredText' });
  });

  it('other 2xx does nothing', () => {
    expect(decide({ status: 204, operationId: 'getLedger' })).toEqual({ logout: false });
    expect(decide({ status: 200, operationId: 'getHomeSettings' })).toEqual({ logout: false });
  });

  it('no response: error toast titled Error with the message, unless suppressed', () => {
    const d = decide({ noResponse: true, errorMessage: 'Network Error' });
    expect(d.logout).toBe(false);
    expect(d.toast).toEqual({ status: 'error', titleKey: 'errors.title', description: 'Network Error', durationMs: 60000 });
    expect(decide({ noResponse: true, errorMessage: 'Network Error', suppressToast: true }).toast).toBeUndefined();
  });

  it('4xx: server detail first, then message, then title, then the generic text', () => {
    expect(decide({ status: 400, body: { detail: 'D', message: 'M', title: 'T' } }).toast?.title).toBe('D');
    expect(decide({ status: 400, body: { message: 'M', title: 'T' } }).toast?.title).toBe('M');
    expect(decide({ status: 422, body: { title: 'T' } }).toast?.title).toBe('T');
    const bare = decide({ status: 404 }).toast;
    expect(bare).toEqual({ status: 'error', titleKey: 'errors.unexpected', durationMs: 60000 });
  });

  it('4xx: a translated text by error code when the catalog has it, and the error id', () => {
    const d = decide({ status: 400, body: { detail: 'No e-mail', errorCode: 'PA037', errorId: 'abc-1' } });
    expect(d.toast).toEqual({
      status: 'error', title: 'No e-mail', descriptionKey: 'errorCodes.PA037', durationMs: 60000, errorId: 'abc-1',
    });
    expect(decide({ status: 400, body: { errorCode: 'XX999' } }).toast?.descriptionKey).toBeUndefined();
  });

  it('5xx: server text, report link and error code (default FE001)', () => {
    expect(decide({ status: 500 }).toast).toEqual({
      status: 'error', titleKey: 'errors.server', durationMs: 60000, errorCode: 'FE001', reportLink: true,
    });
    expect(decide({ status: 503, body: { errorCode: 'BE042' } }).toast?.errorCode).toBe('BE042');
    expect(decide({ status: 500 }).logout).toBe(false);
  });

  it('durations and suppressible come from the rule when given', () => {
    const custom: ErrorRules = {
      rules: [{ when: { status: '4xx' }, toast: { status: 'warning', title: 'a.b', durationMs: 5, suppressible: true } }],
    };
    const base = { operationId: 'x', currentRoute: '/' };
    expect(decideErrorHandling(custom, { ...base, status: 409 }).toast?.durationMs).toBe(5);
    expect(decideErrorHandling(custom, { ...base, status: 409, suppressToast: true }).toast).toBeUndefined();
    expect(decideErrorHandling({ rules: [] }, { ...base, status: 500 })).toEqual({ logout: false });
  });
});

describe('underPath', () => {
  it('compares whole segments ignoring case', () => {
    expect(underPath('/Users/Authenticate', '/users/authenticate')).toBe(true);
    expect(underPath('/Users/Authenticate/x', '/Users/Authenticate')).toBe(true);
    expect(underPath('/Users/AuthenticateSSO', '/Users/Authenticate')).toBe(false);
    expect(underPath('/login/', '/login')).toBe(true);
  });
});
