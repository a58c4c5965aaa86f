import { describe, expect, it } from 'vitest';
import { createFakeHost, fail, runFlow, trackCoverage, type FakeHostOptions } from '../support/flow-harness.ts';

const coverage = trackCoverage('create-account');
const start = (options: FakeHostOptions = {}) => {
  const host = createFakeHost(options);
  return { host, flow: runFlow('create-account', host, { coverage }) };
};
const byAccount = {
  method: 'account', email: 'new@example.com', password: 'Secret12', firstName: 'Ada', lastName: 'Lake',
  accountNumber: 'SUM-1001', zip: '80202',
};

describe('create-account flow', () => {
  it('registers by account number, signs in with the same credentials, forgets the password and goes to the dashboard', async () => {
    const { host, flow } = start({ answers: { registerHomeowner: { userId: 7 }, authenticate: { token: 't7' } } });
    expect(flow.state()).toBe('editing');
    flow.send({ type: 'SUBMIT', data: byAccount });
    await flow.settle();
    expect(flow.state()).toBe('signedIn');
    expect(host.calls).toEqual([
      {
        operationId: 'registerHomeowner',
        request: {
          params: { method: 'account' },
          body: { email: 'new@example.com', password: 'Secret12', firstName: 'Ada', lastName: 'Lake', accountNumber: 'SUM-1001', zip: '80202' },
          suppressToast: true,
        },
      },
      { operationId: 'authenticate', request: { body: { email: 'new@example.com', password: 'Secret12' }, suppressToast: true } },
    ]);
    expect(flow.context().password).toBe('');
    expect(host.sessionEvents).toEqual([{ type: 'LOGIN', token: 't7' }]);
    expect(host.navigations).toEqual(['/dashboard']);
  });

  it('registers by registration key', async () => {
    const { host, flow } = start({ answers: { registerHomeowner: { userId: 8 }, authenticate: { token: 't8' } } });
    flow.send({ type: 'SUBMIT', data: { method: 'key', email: 'k@example.com', password: 'Secret12', firstName: 'K', lastName: 'Key', registrationKey: 'REG-42' } });
    await flow.settle();
    expect(host.callsTo('registerHomeowner')[0]).toMatchObject({ params: { method: 'key' }, body: { registrationKey: 'REG-42', email: 'k@example.com' } });
    expect(flow.state()).toBe('signedIn');
  });

  it('a refused registration goes back to the form with the error and the draft kept; nothing signs in', async () => {
    const { host, flow } = start({ answers: { registerHomeowner: fail(409, { errorCode: 'EMAIL_TAKEN', detail: 'E-mail already registered' }) } });
    flow.send({ type: 'SUBMIT', data: byAccount });
    await flow.settle();
    expect(flow.state()).toBe('editing');
    expect(flow.context()).toMatchObject({ draft: byAccount, error: { code: 'EMAIL_TAKEN', text: 'E-mail already registered', status: 409 } });
    expect(host.callsTo('authenticate')).toEqual([]);
    expect(host.sessionEvents).toEqual([]);
    expect(host.navigations).toEqual([]);
  });

  it('a sign-in that fails after registering goes back to the form with the error, without keeping the password', async () => {
    const { host, flow } = start({ answers: { registerHomeowner: { userId: 7 }, authenticate: fail(503, { detail: 'Try again later' }) } });
    flow.send({ type: 'SUBMIT', data: byAccount });
    await flow.settle();
    expect(flow.state()).toBe('editing');
    expect(flow.context()).toMatchObject({ password: '', error: { text: 'Try again later', status: 503 } });
    expect(host.sessionEvents).toEqual([]);
  });
});

it('create-account flow: every state is reached and every operation outcome is taken by a test above', () => {
  expect(coverage.missing()).toEqual([]);
});
