import { describe, expect, it } from 'vitest';
import { createFakeHost, fail, runFlow, trackCoverage, type FakeHostOptions } from '../support/flow-harness.ts';

const coverage = trackCoverage('statement-download');
const session = { selectedProperty: { accountNumber: '200411' } };
const start = (options: FakeHostOptions = {}) => {
  const host = createFakeHost({ session, ...options });
  return { host, flow: runFlow('statement-download', host, { coverage }) };
};
const choice = { duration: 'yearToDate', format: 'pdf', type: 'coupons' };
const file = { url: '/api/payments/Ledger/Export?file=abc', fileName: 'statement-200411-coupons.pdf', mediaType: 'application/pdf', bytes: 2048, expiresAt: '2026-11-25T20:10:00.000Z' };

describe('statement-download flow', () => {
  it("asks the server to make the chosen file for the selected account, and offers it once made", async () => {
    const { host, flow } = start({ answers: { createStatement: file } });
    expect(flow.state()).toBe('choosing');
    flow.send({ type: 'SUBMIT', data: choice });
    expect(flow.state()).toBe('making');
    await flow.settle();
    expect(flow.state()).toBe('ready');
    expect(host.calls).toEqual([{
      operationId: 'createStatement',
      request: { body: { accountNumber: '200411', duration: 'yearToDate', type: 'coupons', format: 'pdf' }, suppressToast: true },
    }]);
    expect(flow.context()).toMatchObject({ choice, file, error: null });
  });

  it('a refused request goes back to the choice with the error and the choice kept', async () => {
    const { host, flow } = start({ answers: { createStatement: fail(404, { errorCode: 'GP002', detail: 'Account not found' }) } });
    flow.send({ type: 'SUBMIT', data: choice });
    await flow.settle();
    expect(flow.state()).toBe('choosing');
    expect(flow.context()).toMatchObject({ choice, file: null, error: { code: 'GP002', status: 404 } });
    host.answers.createStatement = file;
    flow.send({ type: 'SUBMIT', data: choice });
    expect(flow.context().error).toBeNull();
    await flow.settle();
    expect(flow.state()).toBe('ready');
  });

  it('making another file forgets the one made and keeps the last choice', async () => {
    const { flow } = start({ answers: { createStatement: file } });
    flow.send({ type: 'SUBMIT', data: choice });
    await flow.settle();
    flow.send({ type: 'AGAIN' });
    expect(flow.state()).toBe('choosing');
    expect(flow.context()).toMatchObject({ choice, file: null });
  });
});

it('statement-download flow: every state is reached and every operation outcome is taken by a test above', () => {
  expect(coverage.missing()).toEqual([]);
});
