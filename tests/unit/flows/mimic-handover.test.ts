import { describe, expect, it } from 'vitest';
import { createFakeHost, fail, runFlow, trackCoverage } from '../support/flow-harness.ts';

const coverage = trackCoverage('mimic-handover');

// The tab a staff member opens from an owner's page (/mimic/:code): the code becomes this tab's own
// token, the session is told, and the dashboard follows.
const start = (answer: unknown) => {
  const host = createFakeHost({ answers: { claimMimic: answer as never }, route: { code: 'abc123' }, tokens: { user: 'STAFF' } });
  return { host, flow: runFlow('mimic-handover', host, { coverage }) };
};

describe('mimic-handover flow', () => {
  it('claims the code once, keeps the token for this tab only, tells the session and goes to the dashboard', async () => {
    const { host, flow } = start({ token: 'OWNER', expiresAt: '2026-11-29T17:30:00Z' });
    await flow.settle();
    expect(host.callsTo('claimMimic')).toEqual([{ body: { code: 'abc123' }, suppressToast: true }]);
    expect(flow.state()).toBe('claimed');
    expect(host.tabTokens.get('user')).toBe('OWNER');
    // The console's token (the browser's, other tabs') stays the staff member's.
    expect(host.tokens.get('user')).toBe('STAFF');
    expect(host.sessionEvents).toEqual([{ type: 'TOKEN_STORED' }]);
    expect(host.navigations).toEqual(['/dashboard']);
  });

  it('a code used, too old or of an ended session (410 MIM004) is refused with the server’s reason, and nothing is stored', async () => {
    const { host, flow } = start(fail(410, { errorCode: 'MIM004', detail: 'gone' }));
    await flow.settle();
    expect(flow.state()).toBe('refused');
    expect(flow.context().error).toMatchObject({ code: 'MIM004', status: 410 });
    expect(host.tabTokens.size).toBe(0);
    expect(host.sessionEvents).toEqual([]);
    expect(host.navigations).toEqual([]);
  });
});

it('mimic-handover flow: every state is reached and every operation outcome is taken', () => expect(coverage.missing()).toEqual([]));
