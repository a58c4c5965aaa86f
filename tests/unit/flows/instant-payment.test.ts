import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeHost, fail, runFlow, stubBrowser, trackCoverage, type FakeHostOptions, type FlowRun } from '../support/flow-harness.ts';

const coverage = trackCoverage('instant-payment');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const HERE = '/billing/instant-payment';

const ledger = (subLedgerId: number, subLedgerName: string, currentBalanceCents: number, blocked = false) =>
  ({ accountNumber: 'SUM-21', subLedgerId, subLedgerName, currentBalanceCents, blocked });
const session = (accounts = [ledger(7, 'Dues', 25_000), ledger(8, 'Water', 5_000)]) => ({
  selectedProperty: { propertyId: 21, accountNumber: 'SUM-21' },
  selectedAssociation: { id: 2 },
  accounts,
});
const options = { acceptsCard: true, acceptsBank: true, fees: [{ methodKind: 'card', kind: 'percent', basisPoints: 295, exemptRecurring: true }] };
const setup = {
  paymentId: 41, setupIntentId: 'seti_41', clientSecret: 'cs_secret', hostedEntryUrl: 'https://provider.example/enter/seti_41',
  amountCents: 10_000, feeCents: 295, totalCents: 10_295,
};
const pending = { paymentId: 41, setupIntentId: 'seti_41', amountCents: 10_000, feeCents: 295, totalCents: 10_295 };
const receipt = { paymentId: 41, status: 'succeeded', totalCents: 10_295 };
const answers = { getPaymentOptions: options, setupPayment: setup, cancelPaymentSetup: null, confirmPayment: receipt };
const draft = { subLedgerId: 7, amountCents: 10_000 };
const returned = { payment: '41', setupIntent: 'seti_41' };

const start = (options: FakeHostOptions = {}) => {
  const host = createFakeHost({ answers, session: session(), ...options });
  return { host, flow: runFlow('instant-payment', host, { coverage }) };
};
async function editing(flow: FlowRun) {
  await flow.settle();
  expect(flow.state()).toBe('editing');
}
/** A Setup started in this tab, handed off to the provider's page. */
async function handedOff() {
  const { flow } = start();
  await editing(flow);
  flow.send({ type: 'SUBMIT', data: draft });
  await flow.settle();
  expect(flow.state()).toBe('handingOff');
  return flow.context();
}

let browser: ReturnType<typeof stubBrowser>;
beforeEach(() => { browser = stubBrowser(HERE); });
afterEach(() => { vi.unstubAllGlobals(); });

describe('instant payment flow: before the provider', () => {
  it('loads the options and offers the selected account\'s sub-ledgers, with the card fee as typed', async () => {
    const { host, flow } = start();
    await editing(flow);
    expect(host.calls).toEqual([{ operationId: 'getPaymentOptions', request: { params: { id: 2 }, suppressToast: true } }]);
    expect(flow.context()).toMatchObject({
      options, draft: {}, selectedBalanceCents: 0,
      subLedgerOptions: [{ value: 7, label: 'Dues', detail: '$250.00' }, { value: 8, label: 'Water', detail: '$50.00' }],
    });
    flow.send({ type: 'CHANGE', data: { subLedgerId: 8, amountCents: 5_000 } });
    expect(flow.context()).toMatchObject({ selectedBalanceCents: 5_000, quote: { amountCents: 5_000, feeCents: 148, totalCents: 5_148 } });
  });

  it('one sub-ledger is chosen already', async () => {
    const { flow } = start({ session: session([ledger(7, 'Dues', 25_000)]) });
    await editing(flow);
    expect(flow.context()).toMatchObject({ draft: { subLedgerId: 7 }, selectedBalanceCents: 25_000 });
  });

  it('sets up a card payment with a key, keeps what the return needs (not the secret) and hands off', async () => {
    const { host, flow } = start();
    await editing(flow);
    flow.send({ type: 'SUBMIT', data: draft });
    await flow.settle();
    expect(flow.state()).toBe('handingOff');
    const [request] = host.callsTo('setupPayment');
    expect(request).toMatchObject({ body: { subLedgerId: 7, amountCents: 10_000, methodKind: 'card' }, suppressToast: true });
    expect(request.idempotencyKey).toMatch(UUID);
    expect(flow.context()).toMatchObject({ setup, pending, quote: { totalCents: 10_295 } });
    expect(flow.context().confirmKey).toMatch(UUID);
    const kept = JSON.parse(browser.sessionStorage.getItem('portal.instantPayment') ?? '{}');
    expect(kept).toEqual({ pending, confirmKey: flow.context().confirmKey, receipt: null });
    expect(JSON.stringify(kept)).not.toContain('cs_secret');
  });

  it('a Setup without the provider\'s page address goes back to the form with that error', async () => {
    const { flow } = start({ answers: { ...answers, setupPayment: { ...setup, hostedEntryUrl: undefined } } });
    await editing(flow);
    flow.send({ type: 'SUBMIT', data: draft });
    await flow.settle();
    expect(flow.state()).toBe('editing');
    expect(flow.context().error).toEqual({ code: 'HOSTED_ENTRY', text: '' });
  });

  it('a refused Setup goes back to the form with the error', async () => {
    const { flow } = start({ answers: { ...answers, setupPayment: fail(409, { errorCode: 'PAYMENTS_BLOCKED', detail: 'Blocked' }) } });
    await editing(flow);
    flow.send({ type: 'SUBMIT', data: draft });
    await flow.settle();
    expect(flow.state()).toBe('editing');
    expect(flow.context()).toMatchObject({ pending: null, error: { code: 'PAYMENTS_BLOCKED', text: 'Blocked', status: 409 } });
  });

  it('a duplicate warning: continue hands off; cancel cancels the Setup (also when cancelling fails)', async () => {
    const { host, flow } = start({ answers: { ...answers, setupPayment: { ...setup, duplicateWarning: true } } });
    await editing(flow);
    flow.send({ type: 'SUBMIT', data: draft });
    await flow.settle();
    expect(flow.state()).toBe('duplicateCheck');
    flow.send({ type: 'CONTINUE' });
    expect(flow.state()).toBe('handingOff');

    const second = start({ answers: { ...answers, setupPayment: { ...setup, duplicateWarning: true } } });
    await editing(second.flow);
    second.flow.send({ type: 'SUBMIT', data: draft });
    await second.flow.settle();
    second.flow.send({ type: 'CANCEL' });
    await second.flow.settle();
    expect(second.flow.state()).toBe('editing');
    expect(second.host.callsTo('cancelPaymentSetup')).toEqual([{ params: { id: 41 }, suppressToast: true }]);
    expect(second.flow.context()).toMatchObject({ setup: null, pending: null });

    second.host.answers.cancelPaymentSetup = fail(500);
    second.flow.send({ type: 'SUBMIT', data: draft });
    await second.flow.settle();
    second.flow.send({ type: 'CANCEL' });
    await second.flow.settle();
    expect(second.flow.state()).toBe('editing');
    expect(second.flow.context()).toMatchObject({ setup: null, pending: null });
    expect(host.callsTo('cancelPaymentSetup')).toEqual([]);
  });

  it('a duplicate warning on a Setup without the provider\'s page: continuing cancels it with that error', async () => {
    const { host, flow } = start({ answers: { ...answers, setupPayment: { ...setup, hostedEntryUrl: undefined, duplicateWarning: true } } });
    await editing(flow);
    flow.send({ type: 'SUBMIT', data: draft });
    await flow.settle();
    flow.send({ type: 'CONTINUE' });
    await flow.settle();
    expect(flow.state()).toBe('editing');
    expect(host.callsTo('cancelPaymentSetup')).toEqual([{ params: { id: 41 }, suppressToast: true }]);
    expect(flow.context()).toMatchObject({ pending: null, error: { code: 'HOSTED_ENTRY' } });
  });

  it('no account, a blocked account, nothing due, no card accepted and options that fail each end the form', async () => {
    expect(start({ session: { ...session(), selectedProperty: { accountNumber: null } } }).flow.state()).toBe('noAccount');
    const cases: [FakeHostOptions, string][] = [
      [{ session: session([ledger(7, 'Dues', 25_000, true)]) }, 'blocked'],
      [{ session: session([ledger(7, 'Dues', 0)]) }, 'nothingDue'],
      [{ answers: { ...answers, getPaymentOptions: { ...options, acceptsCard: false } } }, 'unavailable'],
      [{ answers: { ...answers, getPaymentOptions: fail(500, { detail: 'Down' }) } }, 'unavailable'],
    ];
    for (const [hostOptions, state] of cases) {
      const { flow } = start(hostOptions);
      await flow.settle();
      expect(flow.state()).toBe(state);
    }
  });
});

describe('instant payment flow: back from the provider', () => {
  it('confirms the pending Setup with the kept key, shows the receipt and refreshes the balances', async () => {
    const before = await handedOff();
    const { host, flow } = start({ query: returned });
    expect(flow.state()).toBe('confirming');
    await flow.settle();
    expect(flow.state()).toBe('done');
    expect(host.calls).toEqual([{
      operationId: 'confirmPayment',
      request: { params: { id: 41 }, body: { setupIntentId: 'seti_41' }, idempotencyKey: before.confirmKey, suppressToast: true },
    }]);
    expect(flow.context()).toMatchObject({ receipt, pending: null, confirmKey: null });
    expect(host.sessionEvents).toEqual([{ type: 'REFRESH_ACCOUNTS' }]);

    // Reloading the return address shows the receipt without confirming again.
    const reload = start({ query: returned });
    expect(reload.flow.state()).toBe('done');
    expect(reload.host.callsTo('confirmPayment')).toEqual([]);

    reload.flow.send({ type: 'ANOTHER' });
    await reload.flow.settle();
    expect(reload.host.navigations).toEqual([HERE]);
    expect(reload.flow.state()).toBe('editing');
    expect(reload.flow.context()).toMatchObject({ quote: null, draft: {}, setup: null });
  });

  it('a reload while confirming retries with the same idempotency key', async () => {
    const before = await handedOff();
    const first = start({ query: returned, answers: { ...answers, confirmPayment: () => new Promise(() => {}) } });
    expect(first.flow.state()).toBe('confirming');
    await Promise.resolve();
    const retry = start({ query: returned });
    await retry.flow.settle();
    expect(retry.flow.state()).toBe('done');
    expect(first.host.callsTo('confirmPayment')[0].idempotencyKey).toBe(before.confirmKey);
    expect(retry.host.callsTo('confirmPayment')[0].idempotencyKey).toBe(before.confirmKey);
  });

  it('a failed confirmation shows the failure, forgets the Setup, and another payment starts afresh', async () => {
    await handedOff();
    const { host, flow } = start({ query: returned, answers: { ...answers, confirmPayment: fail(402, { errorCode: 'CARD_DECLINED', detail: 'Declined' }) } });
    await flow.settle();
    expect(flow.state()).toBe('failed');
    expect(flow.context()).toMatchObject({ pending: null, setup: null, error: { code: 'CARD_DECLINED', text: 'Declined', status: 402 } });
    expect(host.sessionEvents).toEqual([]);
    flow.send({ type: 'ANOTHER' });
    await flow.settle();
    expect(host.navigations).toEqual([HERE]);
    expect(flow.state()).toBe('editing');
    expect(flow.context().error).toBeNull();
  });

  it('cancelled on the provider\'s page: the pending Setup is cancelled (also when cancelling fails)', async () => {
    await handedOff();
    const { host, flow } = start({ query: { payment: '41', cancelled: '1' } });
    expect(flow.state()).toBe('cancellingReturned');
    await flow.settle();
    expect(flow.state()).toBe('cancelled');
    expect(host.calls).toEqual([{ operationId: 'cancelPaymentSetup', request: { params: { id: 41 }, suppressToast: true } }]);
    expect(flow.context().pending).toBeNull();
    flow.send({ type: 'ANOTHER' });
    await flow.settle();
    expect(host.navigations).toEqual([HERE]);
    expect(flow.state()).toBe('editing');

    await handedOff();
    const failing = start({ query: { payment: '41', cancelled: '1' }, answers: { ...answers, cancelPaymentSetup: fail(500) } });
    await failing.flow.settle();
    expect(failing.flow.state()).toBe('cancelled');
    expect(failing.flow.context().pending).toBeNull();
  });

  it('a cancelled return for a Setup this tab did not start cancels nothing', async () => {
    await handedOff();
    const { host, flow } = start({ query: { payment: '99', cancelled: '1' } });
    expect(flow.state()).toBe('cancelled');
    expect(host.calls).toEqual([]);
    expect(flow.context().pending).toEqual(pending);
  });

  it('a return address naming this tab\'s Setup with another intent, or no intent, confirms nothing', async () => {
    await handedOff();
    for (const query of [{ payment: '41', setupIntent: 'seti_other' }, { payment: '41' }]) {
      const { host, flow } = start({ query });
      expect(flow.state()).toBe('unknownReturn');
      expect(host.calls).toEqual([]);
      flow.send({ type: 'ANOTHER' });
      await flow.settle();
      expect(host.navigations).toEqual([HERE]);
      expect(flow.state()).toBe('editing');
    }
  });

  it('a tab that kept nothing (a frame denied storage) confirms the address\'s payment and intent, which the server checks', async () => {
    const { host, flow } = start({ query: { payment: 'pay_77', setupIntent: 'seti_77' } });
    expect(flow.state()).toBe('confirming');
    await flow.settle();
    expect(flow.state()).toBe('done');
    const [call] = host.callsTo('confirmPayment');
    expect(call).toMatchObject({ params: { id: 'pay_77' }, body: { setupIntentId: 'seti_77' }, suppressToast: true });
    expect(call.idempotencyKey).toMatch(UUID);
    expect(flow.context()).toMatchObject({ receipt, returned: null, confirmKey: null });
    expect(host.sessionEvents).toEqual([{ type: 'REFRESH_ACCOUNTS' }]);
  });

  it('a return for another payment than this tab\'s pending Setup is confirmed with a key of its own', async () => {
    const before = await handedOff();
    const { host, flow } = start({ query: { payment: '52', setupIntent: 'seti_52' } });
    await flow.settle();
    expect(flow.state()).toBe('done');
    const [call] = host.callsTo('confirmPayment');
    expect(call).toMatchObject({ params: { id: '52' }, body: { setupIntentId: 'seti_52' } });
    expect(call.idempotencyKey).toMatch(UUID);
    expect(call.idempotencyKey).not.toBe(before.confirmKey);
  });
});

it('instant payment flow: every state is reached and every operation outcome is taken by a test above', () => {
  expect(coverage.missing()).toEqual([]);
});
