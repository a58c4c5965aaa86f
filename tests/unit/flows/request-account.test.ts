import { describe, expect, it } from 'vitest';
import { createFakeHost, fail, runFlow, trackCoverage, type FakeHostOptions } from '../support/flow-harness.ts';

const coverage = trackCoverage('request-account');
const start = (options: FakeHostOptions = {}) => {
  const host = createFakeHost(options);
  return { host, flow: runFlow('request-account', host, { coverage }) };
};
const request = { firstName: 'Ada', lastName: 'Lake', email: 'ada@example.com', associationName: 'Summit Ridge', address: '1 Main St' };

describe('request-account flow', () => {
  it('sends the form as it was typed and ends on the sent page', async () => {
    const { host, flow } = start({ answers: { requestAccount: { id: 3 } } });
    expect(flow.state()).toBe('editing');
    flow.send({ type: 'SUBMIT', data: request });
    expect(flow.state()).toBe('sending');
    await flow.settle();
    expect(flow.state()).toBe('sent');
    expect(flow.actor.getSnapshot().status).toBe('done');
    expect(host.calls).toEqual([{ operationId: 'requestAccount', request: { body: request, suppressToast: true } }]);
    expect(flow.context()).toMatchObject({ draft: request, error: null });
  });

  it('a refused request goes back to the form with the error and the draft kept, and can be sent again', async () => {
    const { host, flow } = start({ answers: { requestAccount: fail(400, { errorCode: 'VALIDATION', detail: 'E-mail is not valid' }) } });
    flow.send({ type: 'SUBMIT', data: request });
    await flow.settle();
    expect(flow.state()).toBe('editing');
    expect(flow.context()).toMatchObject({ draft: request, error: { code: 'VALIDATION', text: 'E-mail is not valid', status: 400 } });
    host.answers.requestAccount = { id: 4 };
    flow.send({ type: 'SUBMIT', data: request });
    expect(flow.context().error).toBeNull();
    await flow.settle();
    expect(flow.state()).toBe('sent');
    expect(host.callsTo('requestAccount')).toHaveLength(2);
  });
});

it('request-account flow: every state is reached and every operation outcome is taken by a test above', () => {
  expect(coverage.missing()).toEqual([]);
});
