import { describe, expect, it } from 'vitest';
import { createFakeHost, fail, runFlow, trackCoverage } from '../support/flow-harness.ts';

const coverage = trackCoverage('auth-jwt');

// Sign-in handed over by a host (/auth/jwt?company=…&token=…&next=…): the server checks the token and
// answers a session with the page to open; the token is the browser's (as after password sign-in),
// the session is told, and the page follows.
const start = (query: Record<string, unknown>, answer: unknown = fail(500)) => {
  const host = createFakeHost({ answers: { authenticateJWT: answer as never }, query, tokens: { user: 'SOMEONE-ELSE' } });
  return { host, flow: runFlow('auth-jwt', host, { coverage }) };
};
const session = (next: string) => ({ token: 'HANDED-OVER', userId: 7, user: { userId: 7, userName: 'a@example.com', email: 'a@example.com' }, next });

describe('auth-jwt flow', () => {
  it('signs in with the link, keeps the token for the browser, tells the session and opens the page the server checked', async () => {
    const { host, flow } = start({ company: 'summit', token: 'JWT', next: '/billing' }, session('/billing'));
    await flow.settle();
    expect(host.callsTo('authenticateJWT')).toEqual([{ body: { token: 'JWT', company: 'summit', next: '/billing' }, suppressToast: true }]);
    expect(flow.state()).toBe('signedIn');
    // Not for this tab alone: the portal's token, replacing whoever was signed in.
    expect(host.tokens.get('user')).toBe('HANDED-OVER');
    expect(host.tabTokens.size).toBe(0);
    expect(host.sessionEvents).toEqual([{ type: 'TOKEN_STORED' }]);
    expect(host.navigations).toEqual(['/billing']);
  });

  it('goes to the dashboard when the answer names no page of this site', async () => {
    const { host, flow } = start({ company: 'summit', token: 'JWT' }, session('//evil.example'));
    await flow.settle();
    expect(host.navigations).toEqual(['/dashboard']);
  });

  it('a refused token ends on the refusal with the server\'s reason, and nothing is stored', async () => {
    const { host, flow } = start({ company: 'summit', token: 'JWT' }, fail(401, { errorCode: 'JWT005', detail: 'used' }));
    await flow.settle();
    expect(flow.state()).toBe('refused');
    expect(flow.context().error).toMatchObject({ code: 'JWT005', status: 401 });
    expect(host.tokens.get('user')).toBe('SOMEONE-ELSE');
    expect(host.sessionEvents).toEqual([]);
    expect(host.navigations).toEqual([]);
  });

  it('a link without a token or a company calls nothing and says it is incomplete', async () => {
    for (const query of [{ company: 'summit' }, { token: 'JWT' }, { company: '', token: 'JWT' }, {}]) {
      const { host, flow } = start(query);
      await flow.settle();
      expect(flow.state()).toBe('incomplete');
      expect(host.calls).toEqual([]);
      expect(host.sessionEvents).toEqual([]);
    }
  });
});

it('auth-jwt flow: every state is reached and every operation outcome is taken', () => expect(coverage.missing()).toEqual([]));
