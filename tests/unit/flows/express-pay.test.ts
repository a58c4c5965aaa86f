import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeHost, fail, runFlow, stubBrowser, trackCoverage, type FakeHostOptions, type FlowRun } from '../support/flow-harness.ts';

const coverage = trackCoverage('express-pay');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const PAYMENT_PATH = '/epay/email/abc123';
const CONFIRMATION_PATH = '/epay/email/abc123/confirmation';

const account = {
  accountNumber: 'SUM-1001', associationName: 'Summit Ridge', logoUrl: '/logos/summit.png', balance: 12_500, designTemplate: 'Ocean',
  acceptsCard: true, acceptsBank: true,
  fees: [{ methodKind: 'card', kind: 'percent', basisPoints: 295, exemptRecurring: true }, { methodKind: 'bank', kind: 'flat', flatCents: 150, exemptRecurring: true }],
};
const setup = { paymentId: 'e-1', setupIntentId: 'seti_e', clientSecret: 'cs_e', amountCents: 10_000, feeCents: 295, totalCents: 10_295 };
const confirmed = { paymentId: 'e-1', status: 'succeeded', totalCents: 10_295 };
const answers = {
  authenticateExpressPay: { token: 'epay-1' },
  getExpressAccount: account,
  createExpressPayment: setup,
  confirmExpressPayment: confirmed,
  acknowledgeExpressPayment: null,
};

const start = (options: FakeHostOptions = {}) => {
  const host = createFakeHost({ answers, route: { strategy: 'email', link: 'abc123' }, ...options });
  return { host, flow: runFlow('express-pay', host, { coverage }) };
};
async function paying(flow: FlowRun) {
  await flow.settle();
  expect(flow.state()).toBe('paying.entering');
}
async function paidByCard(flow: FlowRun) {
  await paying(flow);
  flow.send({ type: 'SUBMIT', data: { methodKind: 'card', amountCents: 10_000 } });
  await flow.settle();
  flow.send({ type: 'METHOD_ATTACHED' });
  await flow.settle();
  expect(flow.state()).toBe('paid');
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('express pay flow: the link', () => {
  it('authenticates with the link, keeps the express token, loads the account under its brand and offers its methods', async () => {
    const { host, flow } = start();
    expect(flow.state()).toBe('authenticating');
    await paying(flow);
    expect(host.calls).toEqual([
      { operationId: 'authenticateExpressPay', request: { body: { strategy: 'email', link: 'abc123' }, suppressToast: true } },
      { operationId: 'getExpressAccount', request: { suppressToast: true } },
    ]);
    expect(host.tokens.get('expressPay')).toBe('epay-1');
    expect(host.sessionEvents).toEqual([{ type: 'BRAND', theme: 'Ocean' }]);
    expect(flow.context()).toMatchObject({
      link: 'abc123', epayToken: 'epay-1', account, balance: 12_500, logo: '/logos/summit.png',
      paymentOptions: { acceptsCard: true, acceptsBank: true, fees: account.fees },
      paymentMethods: [{ value: 'card', label: 'methods.card' }, { value: 'bank', label: 'methods.bank' }],
      selectedPaymentMethod: null, paymentPath: PAYMENT_PATH, confirmationPath: CONFIRMATION_PATH,
    });
  });

  it('with one way to pay, it is chosen already', async () => {
    const { flow } = start({ answers: { ...answers, getExpressAccount: { ...account, acceptsCard: false } } });
    await paying(flow);
    expect(flow.context()).toMatchObject({ paymentMethods: [{ value: 'bank', label: 'methods.bank' }], selectedPaymentMethod: 'bank' });
  });

  it.each([400, 401, 403, 404])('a link the server refuses (%i) ends on the invalid-link page and forgets the token', async (status) => {
    const { host, flow } = start({ tokens: { expressPay: 'stale' }, answers: { ...answers, authenticateExpressPay: fail(status, { errorCode: 'EP_LINK', detail: 'Link expired' }) } });
    await flow.settle();
    expect(flow.state()).toBe('invalidLink');
    expect(flow.context()).toMatchObject({ epayToken: null, account: null, error: { code: 'EP_LINK', text: 'Link expired', status } });
    expect(host.tokens.has('expressPay')).toBe(false);
  });

  it('a server failure while authenticating is unavailable, and retry tries the link again', async () => {
    const { host, flow } = start({ answers: { ...answers, authenticateExpressPay: fail(503, { detail: 'Down' }) } });
    await flow.settle();
    expect(flow.state()).toBe('unavailable');
    expect(flow.context().error).toMatchObject({ text: 'Down', status: 503 });
    host.answers.authenticateExpressPay = { token: 'epay-2' };
    flow.send({ type: 'RETRY' });
    expect(flow.context().error).toBeNull();
    await paying(flow);
    expect(host.callsTo('authenticateExpressPay')).toHaveLength(2);
    expect(host.tokens.get('expressPay')).toBe('epay-2');
  });

  it('an account the token no longer opens is an invalid link; a server failure loading it is unavailable', async () => {
    const refused = start({ answers: { ...answers, getExpressAccount: fail(401) } });
    await refused.flow.settle();
    expect(refused.flow.state()).toBe('invalidLink');
    expect(refused.host.tokens.has('expressPay')).toBe(false);

    const down = start({ answers: { ...answers, getExpressAccount: fail(500, { detail: 'Server error' }) } });
    await down.flow.settle();
    expect(down.flow.state()).toBe('unavailable');
    expect(down.host.tokens.get('expressPay')).toBe('epay-1');
    expect(down.flow.context().error).toMatchObject({ text: 'Server error', status: 500 });
  });
});

describe('express pay flow: paying', () => {
  it('quotes as typed, creates the payment with a key, confirms with a new key, then opens the confirmation page', async () => {
    vi.useFakeTimers();
    const browser = stubBrowser(PAYMENT_PATH);
    const { host, flow } = start();
    await paying(flow);
    flow.send({ type: 'CHANGE', data: { methodKind: 'bank', amountCents: 4_000 } });
    expect(flow.context().quote).toMatchObject({ amountCents: 4_000, feeCents: 150, totalCents: 4_150 });
    flow.send({ type: 'SUBMIT', data: { methodKind: 'card', amountCents: 10_000 } });
    expect(flow.state()).toBe('paying.creatingPayment');
    await flow.settle();
    expect(flow.state()).toBe('paying.enteringMethod');
    const [create] = host.callsTo('createExpressPayment');
    expect(create).toMatchObject({ body: { amountCents: 10_000, methodKind: 'card' }, suppressToast: true });
    expect(create.idempotencyKey).toMatch(UUID);
    expect(flow.context()).toMatchObject({ selectedPaymentMethod: 'card', amount: 10_000, quote: { totalCents: 10_295 }, paymentSetup: setup });

    flow.send({ type: 'METHOD_ATTACHED' });
    await flow.settle();
    expect(flow.state()).toBe('paid');
    const [confirm] = host.callsTo('confirmExpressPayment');
    expect(confirm).toMatchObject({ params: { id: 'e-1' }, body: { setupIntentId: 'seti_e' }, suppressToast: true });
    expect(confirm.idempotencyKey).toMatch(UUID);
    expect(confirm.idempotencyKey).not.toBe(create.idempotencyKey);
    expect(flow.context()).toMatchObject({ confirmed, acknowledged: false });

    // The confirmed payment is saved as the flow moves; the confirmation page, which reads it, opens on the next task.
    expect(host.navigations).toEqual([]);
    expect(JSON.parse(browser.sessionStorage.getItem('portal.expressPay') ?? '{}')).toMatchObject({ confirmed });
    await vi.advanceTimersByTimeAsync(0);
    expect(host.navigations).toEqual([CONFIRMATION_PATH]);
  });

  it('a duplicate warning: cancel goes back to the form without the setup; continue goes on to the method', async () => {
    const { host, flow } = start({ answers: { ...answers, createExpressPayment: { ...setup, duplicateWarning: true } } });
    await paying(flow);
    flow.send({ type: 'SUBMIT', data: { methodKind: 'card', amountCents: 10_000 } });
    await flow.settle();
    expect(flow.state()).toBe('paying.duplicateCheck');
    flow.send({ type: 'CANCEL' });
    expect(flow.state()).toBe('paying.entering');
    expect(flow.context().paymentSetup).toBeNull();
    flow.send({ type: 'SUBMIT', data: { methodKind: 'card', amountCents: 10_000 } });
    await flow.settle();
    flow.send({ type: 'CONTINUE' });
    expect(flow.state()).toBe('paying.enteringMethod');
    flow.send({ type: 'PREVIOUS' });
    expect(flow.state()).toBe('paying.entering');
    expect(flow.context().paymentSetup).toBeNull();
    expect(host.callsTo('confirmExpressPayment')).toEqual([]);
  });

  it('a refused payment goes back to the form with the error', async () => {
    const { flow } = start({ answers: { ...answers, createExpressPayment: fail(422, { errorCode: 'PA007', detail: 'Test Account Detected' }) } });
    await paying(flow);
    flow.send({ type: 'SUBMIT', data: { methodKind: 'card', amountCents: 10_000 } });
    await flow.settle();
    expect(flow.state()).toBe('paying.entering');
    expect(flow.context()).toMatchObject({ paymentSetup: null, error: { code: 'PA007', text: 'Test Account Detected', status: 422 } });
  });

  it('a failed confirmation goes back to the form with the error, forgets the setup and navigates nowhere', async () => {
    const { host, flow } = start({ answers: { ...answers, confirmExpressPayment: fail(402, { errorCode: 'CARD_DECLINED', detail: 'Declined' }) } });
    await paying(flow);
    flow.send({ type: 'SUBMIT', data: { methodKind: 'card', amountCents: 10_000 } });
    await flow.settle();
    flow.send({ type: 'METHOD_ATTACHED' });
    await flow.settle();
    expect(flow.state()).toBe('paying.entering');
    expect(flow.context()).toMatchObject({ paymentSetup: null, confirmed: null, error: { code: 'CARD_DECLINED', text: 'Declined', status: 402 } });
    expect(host.navigations).toEqual([]);
  });
});

describe('express pay flow: the confirmation page', () => {
  it('acknowledges the payment confirmed for this link once, and shows the receipt again on reload without calling', async () => {
    const browser = stubBrowser(PAYMENT_PATH);
    const payment = start();
    await paidByCard(payment.flow);

    browser.location.pathname = CONFIRMATION_PATH;
    const first = start();
    expect(first.flow.state()).toBe('acknowledging');
    await first.flow.settle();
    expect(first.flow.state()).toBe('receipt');
    expect(first.host.calls).toEqual([{ operationId: 'acknowledgeExpressPayment', request: { params: { id: 'e-1' }, suppressToast: true } }]);
    expect(first.flow.context()).toMatchObject({ confirmed, acknowledged: true });

    const reload = start();
    expect(reload.flow.state()).toBe('receipt');
    expect(reload.host.calls).toEqual([]);
    reload.flow.send({ type: 'ANOTHER' });
    expect(reload.host.navigations).toEqual([PAYMENT_PATH]);
  });

  it('a failed acknowledgement still shows the receipt', async () => {
    const browser = stubBrowser(PAYMENT_PATH);
    await paidByCard(start().flow);
    browser.location.pathname = CONFIRMATION_PATH;
    const { flow } = start({ answers: { ...answers, acknowledgeExpressPayment: fail(500) } });
    await flow.settle();
    expect(flow.state()).toBe('receipt');
    expect(flow.context()).toMatchObject({ confirmed, acknowledged: false });
  });

  it('nothing confirmed for this link (or another link\'s payment) offers to start paying', async () => {
    const browser = stubBrowser(PAYMENT_PATH);
    await paidByCard(start().flow);
    browser.location.pathname = '/epay/email/other/confirmation';
    const { host, flow } = start({ route: { strategy: 'email', link: 'other' } });
    expect(flow.state()).toBe('nothingConfirmed');
    expect(host.calls).toEqual([]);
    flow.send({ type: 'START' });
    expect(host.navigations).toEqual(['/epay/email/other']);
  });
});

it('express pay flow: every state is reached and every operation outcome is taken by a test above', () => {
  expect(coverage.missing()).toEqual([]);
});
