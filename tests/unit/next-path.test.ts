// Where a sign-in goes next (server/auth/next-path.ts): a path of the
// portal, or refused; never another site.
import { describe, expect, it } from 'vitest';
import { DEFAULT_NEXT, checkedNextPath } from '../../server/auth/next-path.ts';

describe('checkedNextPath', () => {
  it('takes a path of the portal, resolved, with its query and fragment; none is the dashboard', () => {
    expect(checkedNextPath(undefined)).toBe(DEFAULT_NEXT);
    expect(DEFAULT_NEXT).toBe('/dashboard');
    expect(checkedNextPath('/billing')).toBe('/billing');
    expect(checkedNextPath('/billing/manage-account?accountNumber=100234#methods')).toBe('/billing/manage-account?accountNumber=100234#methods');
    expect(checkedNextPath('/billing/x/../auto-draft')).toBe('/billing/auto-draft');
    expect(checkedNextPath('/')).toBe('/');
    // An encoded slash or backslash stays part of a path of this site.
    expect(checkedNextPath('/%2F%2Fevil.example')).toBe('/%2F%2Fevil.example');
    expect(checkedNextPath('/%5Cevil.example')).toBe('/%5Cevil.example');
  });

  it('refuses anything a browser could read as another site, and control characters', () => {
    for (const next of [
      '//evil.example', '///evil.example', '//evil.example/dashboard', '/\\evil.example', '\\\\evil.example', '/\\/evil.example',
      'https://evil.example', 'http://evil.example/dashboard', 'javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html,x',
      'billing', ' /billing', '', '/billing\\..\\..', '/bill\ting', '/billing\n', '/billing\u0000', '/billing\u007f', '/billing\u0085',
      '/\t/evil.example', '/\n/evil.example',
    ]) {
      expect(checkedNextPath(next), JSON.stringify(next)).toBeNull();
    }
  });
});
