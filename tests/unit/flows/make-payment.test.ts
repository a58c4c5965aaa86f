import { describe, expect, it, vi } from 'vitest';
import { createFakeHost, fail, runFlow, trackCoverage, type FakeHostOptions, type FlowRun } from '../support/flow-harness.ts';

const coverage = trackCoverage('make-payment');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const ledger = (subLedgerId: number, subLedgerName: string, currentBalanceCents: number, blocked = false) =>
  ({ accountNumber: 'SUM-21', subLedgerId, subLedgerName, currentBalanceCents, blocked });
const session = (accounts = [ledger(7, 'Dues', 25_000), ledger(8, 'Water', 5_000)]) => ({
  selectedProperty: { propertyId: 21, accountNumber: 'SUM-21' },
  selectedAssociation: { id: 2, name: 'Summit Ridge' },
  accounts: [...accounts, { ...ledger(9, 'Other account', 99_900), accountNumber: 'LAK-11' }],
});
const options = {
  acceptsCard: true, acceptsBank: true, providerConnected: true,
  fees: [{ methodKind: 'card', kind: 'percent', basisPoints: 295, exemptRecurring: true }, { methodKind: 'bank', kind: 'flat', flatCents: 150, exemptRecurring: true }],
};
const methods = {
  paymentMethods: [
    { id: 31, kind: 'card', brand: 'visa', last4: '4242', expMonth: 4, expYear: 2030 },
    { id: 32, kind: 'bank', bankAccountType: 'checking', last4: '6789' },
  ],
};
const todaySetup = { paymentId: 'p-1', amountCents: 10_000, feeCents: 295, totalCents: 10_295 };
const futureSetup = { futurePaymentId: 'f-1', amountCents: 10_000, scheduledDate: '2030-01-15' };
const answers = {
  getPaymentOptions: options,
  listPaymentMethods: methods,
  setupPayment: todaySetup,
  confirmPayment: { paymentId: 'p-1', status: 'succeeded', totalCents: 10_295 },
  setupFuturePayment: futureSetup,
  confirmFuturePayment: { futurePaymentId: 'f-1', status: 'scheduled' },
  setupPaymentMethod: { setupIntentId: 'seti_9', clientSecret: 'cs_9' },
  confirmPaymentMethodSetup: { paymentMethod: { id: 33, kind: 'card', last4: '1111' } },
  cancelPaymentSetup: null,
  cancelFuturePayment: null,
  getRecentPayments: { payments: [{ paymentId: 'p-0', amountCents: 5_000 }] },
};
const today = { subLedgerId: 7, paymentType: 'method:31', amountCents: 10_000, when: 'today' };
const later = { subLedgerId: 7, paymentType: 'method:32', amountCents: 10_000, when: 'later', scheduledDate: '2030-01-15' };

const start = (options: FakeHostOptions = {}) => {
  const host = createFakeHost({ answers, session: session(), ...options });
  return { host, flow: runFlow('make-payment', host, { coverage }) };
};
async function editing(flow: FlowRun) {
  await flow.settle();
  expect(flow.state()).toBe('editing');
}

describe('make payment flow: loading', () => {
  it('loads the association options and saved methods and offers the accepted choices for the selected account', async () => {
    const { host, flow } = start();
    await editing(flow);
    expect(host.calls).toEqual([
      { operationId: 'getPaymentOptions', request: { params: { id: 2 }, suppressToast: true } },
      { operationId: 'listPaymentMethods', request: { query: { associationId: 2 }, suppressToast: true } },
    ]);
    expect(flow.context()).toMatchObject({
      options, methods: methods.paymentMethods, balanceCents: 30_000,
      subLedgerOptions: [{ value: 7, label: 'Dues', detail: '$250.00' }, { value: 8, label: 'Water', detail: '$50.00' }],
      methodOptions: [
        { value: 'method:31', label: 'billing.savedCard', detail: 'VISA •••• 4242 · 04/30' },
        { value: 'method:32', label: 'billing.savedBank', detail: 'checking •••• 6789' },
        { value: 'new:card', label: 'billing.newCard' },
        { value: 'new:bank', label: 'billing.newBank' },
      ],
      draft: { when: 'today' },
    });
  });

  it('with one sub-ledger it is chosen already; saved methods of a kind not accepted are not offered', async () => {
    const { flow } = start({ session: session([ledger(7, 'Dues', 25_000)]), answers: { ...answers, getPaymentOptions: { ...options, acceptsBank: false } } });
    await editing(flow);
    expect(flow.context().draft).toEqual({ subLedgerId: 7, when: 'today' });
    expect((flow.context().methodOptions as { value: string }[]).map((o) => o.value)).toEqual(['method:31', 'new:card']);
  });

  it('a property without an account to pay shows the no-account state and calls nothing', () => {
    const { host, flow } = start({ session: { ...session(), selectedProperty: { propertyId: -3, accountNumber: null } } });
    expect(flow.state()).toBe('noAccount');
    expect(host.calls).toEqual([]);
  });

  it('a blocked account shows the blocked state', async () => {
    const { flow } = start({ session: session([ledger(7, 'Dues', 25_000, true)]) });
    await flow.settle();
    expect(flow.state()).toBe('blocked');
  });

  it('nothing due shows the recent payments instead of the form; without them it still says nothing is due', async () => {
    const { host, flow } = start({ session: session([ledger(7, 'Dues', 0), ledger(8, 'Water', -500)]) });
    await flow.settle();
    expect(flow.state()).toBe('notNeeded');
    expect(host.callsTo('getRecentPayments')).toEqual([{ query: { accountNumber: session([]).selectedProperty.accountNumber }, suppressToast: true }]);
    expect(flow.context().recentPayments).toEqual([{ paymentId: 'p-0', amountCents: 5_000 }]);

    const failed = start({ session: session([ledger(7, 'Dues', 0)]), answers: { ...answers, getRecentPayments: fail(500) } });
    await failed.flow.settle();
    expect(failed.flow.state()).toBe('notNeeded');
    expect(failed.flow.context().recentPayments).toEqual([]);
  });

  it('an association that accepts no method is unavailable; the notice can be dismissed', async () => {
    const { flow } = start({ answers: { ...answers, getPaymentOptions: { ...options, acceptsCard: false, acceptsBank: false } } });
    await flow.settle();
    expect(flow.state()).toBe('unavailable');
    flow.send({ type: 'DISMISS' });
    expect(flow.context().unavailableDismissed).toBe(true);
  });

  it('asks for the options and the saved methods at once, and offers the choices once both are here', async () => {
    let answerOptions: (value: unknown) => void = () => {};
    const { host, flow } = start({ answers: { ...answers, getPaymentOptions: () => new Promise((resolve) => { answerOptions = resolve; }) } });
    // The methods' answer is in while the options' is still awaited.
    await vi.waitFor(() => expect(flow.context().methods).toEqual(methods.paymentMethods));
    expect(host.calls.map((call) => call.operationId)).toEqual(['getPaymentOptions', 'listPaymentMethods']);
    expect(flow.state()).toBe('loadingChoices.options.loading');
    expect(flow.context().methodOptions).toEqual([]);
    answerOptions(structuredClone(options));
    await editing(flow);
    expect(flow.context().methodOptions).toHaveLength(4);
  });

  it.each(['getPaymentOptions', 'listPaymentMethods'])('%s failing makes payments unavailable, with the error', async (operationId) => {
    const { flow } = start({ answers: { ...answers, [operationId]: fail(500, { errorCode: 'PA037', detail: 'No primary e-mail' }) } });
    await flow.settle();
    expect(flow.state()).toBe('unavailable');
    expect(flow.context().error).toEqual({ code: 'PA037', text: 'No primary e-mail', status: 500 });
  });
});

describe('make payment flow: paying today with a saved method', () => {
  it('quotes the fee as typed, sets up with one idempotency key, confirms with a fresh one, refreshes the balances', async () => {
    const { host, flow } = start();
    await editing(flow);
    flow.send({ type: 'CHANGE', data: { subLedgerId: 8, paymentType: 'method:32', amountCents: 4_000 } });
    expect(flow.context()).toMatchObject({ selectedBalanceCents: 5_000, quote: { amountCents: 4_000, feeCents: 150, totalCents: 4_150 } });
    flow.send({ type: 'SUBMIT', data: { subLedgerId: 7 } });
    expect(flow.state()).toBe('editing');
    expect(host.calls).toHaveLength(2);

    flow.send({ type: 'SUBMIT', data: today });
    await flow.settle();
    expect(flow.state()).toBe('done');
    const [setup] = host.callsTo('setupPayment');
    expect(setup).toMatchObject({ body: { subLedgerId: 7, amountCents: 10_000, paymentMethodId: 31 }, suppressToast: true });
    expect(setup.idempotencyKey).toMatch(UUID);
    const [confirm] = host.callsTo('confirmPayment');
    expect(confirm).toMatchObject({ params: { id: 'p-1' }, body: {}, suppressToast: true });
    expect(confirm.idempotencyKey).toMatch(UUID);
    expect(confirm.idempotencyKey).not.toBe(setup.idempotencyKey);
    expect(flow.context()).toMatchObject({ receipt: { status: 'succeeded' }, setup: todaySetup, methodKind: 'card', quote: { totalCents: 10_295 } });
    expect(host.sessionEvents).toEqual([{ type: 'REFRESH_ACCOUNTS' }]);

    flow.send({ type: 'ANOTHER' });
    await editing(flow);
    expect(host.callsTo('listPaymentMethods')).toHaveLength(2);
    expect(flow.context()).toMatchObject({ receipt: null, setup: null, quote: null, draft: { when: 'today' } });
  });

  it('another payment reads the saved methods again; their failing then makes payments unavailable, with the error', async () => {
    const { host, flow } = start();
    await editing(flow);
    flow.send({ type: 'SUBMIT', data: today });
    await flow.settle();
    expect(flow.state()).toBe('done');
    host.answers.listPaymentMethods = fail(503, { detail: 'Try again later' });
    flow.send({ type: 'ANOTHER' });
    await flow.settle();
    expect(flow.state()).toBe('unavailable');
    expect(host.callsTo('getPaymentOptions')).toHaveLength(1);
    expect(flow.context().error).toMatchObject({ text: 'Try again later', status: 503 });
  });

  it('a refused setup goes back to the form with the error and confirms nothing', async () => {
    const { host, flow } = start({ answers: { ...answers, setupPayment: fail(409, { errorCode: 'PAYMENTS_BLOCKED', detail: 'Payments are blocked' }) } });
    await editing(flow);
    flow.send({ type: 'SUBMIT', data: today });
    await flow.settle();
    expect(flow.state()).toBe('editing');
    expect(flow.context().error).toEqual({ code: 'PAYMENTS_BLOCKED', text: 'Payments are blocked', status: 409 });
    expect(host.callsTo('confirmPayment')).toEqual([]);
  });

  it('a failed confirmation goes back to the form with the error and forgets the setup; the next try has new keys', async () => {
    const { host, flow } = start({ answers: { ...answers, confirmPayment: fail(402, { errorCode: 'CARD_DECLINED', detail: 'Declined' }) } });
    await editing(flow);
    flow.send({ type: 'SUBMIT', data: today });
    await flow.settle();
    expect(flow.state()).toBe('editing');
    expect(flow.context()).toMatchObject({ setup: null, error: { code: 'CARD_DECLINED', text: 'Declined', status: 402 } });
    expect(host.sessionEvents).toEqual([]);
    host.answers.confirmPayment = { status: 'succeeded' };
    flow.send({ type: 'SUBMIT', data: today });
    await flow.settle();
    expect(flow.state()).toBe('done');
    const keys = [...host.callsTo('setupPayment'), ...host.callsTo('confirmPayment')].map((request) => request.idempotencyKey);
    expect(new Set(keys).size).toBe(4);
  });

  it('a duplicate warning: continue confirms today\'s setup; cancel cancels it and goes back to the form', async () => {
    const { host, flow } = start({ answers: { ...answers, setupPayment: { ...todaySetup, duplicateWarning: true } } });
    await editing(flow);
    flow.send({ type: 'SUBMIT', data: today });
    await flow.settle();
    expect(flow.state()).toBe('duplicateCheck');
    flow.send({ type: 'CANCEL' });
    await flow.settle();
    expect(flow.state()).toBe('editing');
    expect(host.callsTo('cancelPaymentSetup')).toEqual([{ params: { id: 'p-1' }, suppressToast: true }]);
    expect(flow.context().setup).toBeNull();

    flow.send({ type: 'SUBMIT', data: today });
    await flow.settle();
    flow.send({ type: 'CONTINUE' });
    await flow.settle();
    expect(flow.state()).toBe('done');
    expect(host.callsTo('confirmPayment')).toHaveLength(1);
  });

  it('a setup that cannot be cancelled is still dropped from the form', async () => {
    const { host, flow } = start({ answers: { ...answers, setupPayment: { ...todaySetup, duplicateWarning: true }, cancelPaymentSetup: fail(500) } });
    await editing(flow);
    flow.send({ type: 'SUBMIT', data: today });
    await flow.settle();
    flow.send({ type: 'CANCEL' });
    await flow.settle();
    expect(flow.state()).toBe('editing');
    expect(flow.context()).toMatchObject({ setup: null, error: null });
    expect(host.callsTo('confirmPayment')).toEqual([]);
  });
});

describe('make payment flow: a future date', () => {
  it('sets up and confirms the future payment with its scheduled date', async () => {
    const { host, flow } = start();
    await editing(flow);
    flow.send({ type: 'SUBMIT', data: later });
    await flow.settle();
    expect(flow.state()).toBe('done');
    const [setup] = host.callsTo('setupFuturePayment');
    expect(setup).toMatchObject({ body: { subLedgerId: 7, amountCents: 10_000, paymentMethodId: 32, scheduledDate: '2030-01-15' }, suppressToast: true });
    expect(setup.idempotencyKey).toMatch(UUID);
    const [confirm] = host.callsTo('confirmFuturePayment');
    expect(confirm).toMatchObject({ params: { id: 'f-1' }, suppressToast: true });
    expect(confirm.idempotencyKey).not.toBe(setup.idempotencyKey);
    expect(host.callsTo('setupPayment')).toEqual([]);
    expect(flow.context().receipt).toEqual({ futurePaymentId: 'f-1', status: 'scheduled' });
  });

  it('a duplicate warning: cancel cancels the future payment; continue confirms it', async () => {
    const { host, flow } = start({ answers: { ...answers, setupFuturePayment: { ...futureSetup, duplicateWarning: true } } });
    await editing(flow);
    flow.send({ type: 'SUBMIT', data: later });
    await flow.settle();
    expect(flow.state()).toBe('duplicateCheck');
    flow.send({ type: 'CANCEL' });
    await flow.settle();
    expect(flow.state()).toBe('editing');
    expect(host.callsTo('cancelFuturePayment')).toEqual([{ params: { id: 'f-1' }, suppressToast: true }]);
    expect(host.callsTo('cancelPaymentSetup')).toEqual([]);

    host.answers.cancelFuturePayment = fail(500);
    flow.send({ type: 'SUBMIT', data: later });
    await flow.settle();
    flow.send({ type: 'CANCEL' });
    await flow.settle();
    expect(flow.state()).toBe('editing');
    expect(flow.context().setup).toBeNull();

    flow.send({ type: 'SUBMIT', data: later });
    await flow.settle();
    flow.send({ type: 'CONTINUE' });
    await flow.settle();
    expect(flow.state()).toBe('done');
    expect(host.callsTo('confirmFuturePayment')).toHaveLength(1);
  });

  it.each(['setupFuturePayment', 'confirmFuturePayment'])('%s failing goes back to the form with the error', async (operationId) => {
    const { host, flow } = start({ answers: { ...answers, [operationId]: fail(400, { errorCode: 'DATE_INVALID', detail: 'Date not allowed' }) } });
    await editing(flow);
    flow.send({ type: 'SUBMIT', data: later });
    await flow.settle();
    expect(flow.state()).toBe('editing');
    expect(flow.context()).toMatchObject({ setup: null, error: { code: 'DATE_INVALID', text: 'Date not allowed', status: 400 } });
    expect(host.sessionEvents).toEqual([]);
  });
});

describe('make payment flow: a new method today', () => {
  const newCard = { ...today, paymentType: 'new:card', saveMethod: true };
  const newSetup = { ...todaySetup, setupIntentId: 'seti_p1', clientSecret: 'cs_p1' };

  it('sets up the payment with the new kind and the save choice, then charges what the provider\'s page attached', async () => {
    const { host, flow } = start({ answers: { ...answers, setupPayment: newSetup, confirmPayment: { paymentId: 'p-1', status: 'pending', method: { kind: 'bank' } } } });
    await editing(flow);
    flow.send({ type: 'SUBMIT', data: { ...newCard, paymentType: 'new:bank' } });
    await flow.settle();
    expect(flow.state()).toBe('enteringPaymentMethod');
    const [setup] = host.callsTo('setupPayment');
    expect(setup).toMatchObject({ body: { subLedgerId: 7, amountCents: 10_000, methodKind: 'bank', saveMethod: true }, suppressToast: true });
    expect(setup.idempotencyKey).toMatch(UUID);
    expect(host.callsTo('setupPaymentMethod')).toEqual([]);
    expect(flow.context().setup).toEqual(newSetup);

    flow.send({ type: 'METHOD_ATTACHED' });
    await flow.settle();
    expect(flow.state()).toBe('done');
    const [confirm] = host.callsTo('confirmPayment');
    expect(confirm).toMatchObject({ params: { id: 'p-1' }, body: { setupIntentId: 'seti_p1' }, suppressToast: true });
    expect(confirm.idempotencyKey).toMatch(UUID);
    expect(confirm.idempotencyKey).not.toBe(setup.idempotencyKey);
    expect(flow.context()).toMatchObject({ receipt: { status: 'pending' }, paidByBank: true });
    expect(host.sessionEvents).toEqual([{ type: 'REFRESH_ACCOUNTS' }]);

    flow.send({ type: 'ANOTHER' });
    await editing(flow);
    expect(flow.context()).toMatchObject({ receipt: null, paidByBank: false });
  });

  it('not ticking the box sends saveMethod false', async () => {
    const { host, flow } = start({ answers: { ...answers, setupPayment: newSetup } });
    await editing(flow);
    flow.send({ type: 'SUBMIT', data: { ...newCard, saveMethod: undefined } });
    await flow.settle();
    expect(host.callsTo('setupPayment')[0].body).toMatchObject({ methodKind: 'card', saveMethod: false });
  });

  it('going back from the provider\'s page cancels the payment\'s setup', async () => {
    const { host, flow } = start({ answers: { ...answers, setupPayment: newSetup } });
    await editing(flow);
    flow.send({ type: 'SUBMIT', data: newCard });
    await flow.settle();
    flow.send({ type: 'BACK' });
    await flow.settle();
    expect(flow.state()).toBe('editing');
    expect(host.callsTo('cancelPaymentSetup')).toEqual([{ params: { id: 'p-1' }, suppressToast: true }]);
    expect(host.callsTo('confirmPayment')).toEqual([]);
  });

  it('a duplicate warning: continuing goes on to the provider\'s page', async () => {
    const { flow } = start({ answers: { ...answers, setupPayment: { ...newSetup, duplicateWarning: true } } });
    await editing(flow);
    flow.send({ type: 'SUBMIT', data: newCard });
    await flow.settle();
    expect(flow.state()).toBe('duplicateCheck');
    flow.send({ type: 'CONTINUE' });
    expect(flow.state()).toBe('enteringPaymentMethod');
  });

  it('no client secret from the provider: back to the form with that error', async () => {
    const { flow } = start({ answers: { ...answers, setupPayment: { ...todaySetup, setupIntentId: 'seti_p1' } } });
    await editing(flow);
    flow.send({ type: 'SUBMIT', data: newCard });
    await flow.settle();
    expect(flow.state()).toBe('editing');
    expect(flow.context()).toMatchObject({ error: { code: 'CLIENT_SECRET', text: '' }, setup: null });
  });

  it('a refused setup goes back to the form with the error', async () => {
    const { flow } = start({ answers: { ...answers, setupPayment: fail(409, { errorCode: 'PAYMENTS_BLOCKED', detail: 'Blocked' }) } });
    await editing(flow);
    flow.send({ type: 'SUBMIT', data: newCard });
    await flow.settle();
    expect(flow.state()).toBe('editing');
    expect(flow.context().error).toEqual({ code: 'PAYMENTS_BLOCKED', text: 'Blocked', status: 409 });
  });

  it('a declined charge goes back to the form with the error and forgets the setup', async () => {
    const { host, flow } = start({ answers: { ...answers, setupPayment: newSetup, confirmPayment: fail(402, { errorCode: 'CARD_DECLINED', detail: 'Declined' }) } });
    await editing(flow);
    flow.send({ type: 'SUBMIT', data: newCard });
    await flow.settle();
    flow.send({ type: 'METHOD_ATTACHED' });
    await flow.settle();
    expect(flow.state()).toBe('editing');
    expect(flow.context()).toMatchObject({ setup: null, error: { code: 'CARD_DECLINED', text: 'Declined', status: 402 } });
    expect(host.sessionEvents).toEqual([]);
  });
});

describe('make payment flow: a new method for a later date', () => {
  const newCardLater = { ...later, paymentType: 'new:card' };

  it('saves the method on the provider\'s page first, then schedules the payment with it', async () => {
    const { host, flow } = start();
    await editing(flow);
    flow.send({ type: 'SUBMIT', data: newCardLater });
    await flow.settle();
    expect(flow.state()).toBe('enteringMethod');
    expect(host.callsTo('setupPaymentMethod')).toEqual([{ body: { associationId: 2, kind: 'card' }, suppressToast: true }]);
    expect(flow.context()).toMatchObject({ methodSetup: { setupIntentId: 'seti_9', clientSecret: 'cs_9' }, chosenMethodId: null });
    flow.send({ type: 'METHOD_ATTACHED' });
    await flow.settle();
    expect(flow.state()).toBe('done');
    expect(host.callsTo('confirmPaymentMethodSetup')).toEqual([{ params: { setupIntentId: 'seti_9' }, suppressToast: true }]);
    expect(host.callsTo('setupFuturePayment')[0].body).toEqual({ accountNumber: 'SUM-21', subLedgerId: 7, amountCents: 10_000, paymentMethodId: 33, scheduledDate: '2030-01-15' });
  });

  it('going back from the provider\'s entry returns to the form without paying', async () => {
    const { host, flow } = start();
    await editing(flow);
    flow.send({ type: 'SUBMIT', data: { ...newCardLater, paymentType: 'new:bank' } });
    await flow.settle();
    expect(host.callsTo('setupPaymentMethod')[0].body).toEqual({ associationId: 2, kind: 'bank' });
    flow.send({ type: 'BACK' });
    expect(flow.state()).toBe('editing');
    expect(host.callsTo('setupFuturePayment')).toEqual([]);
  });

  it('no client secret from the provider: back to the form with that error', async () => {
    const { flow } = start({ answers: { ...answers, setupPaymentMethod: { setupIntentId: 'seti_9' } } });
    await editing(flow);
    flow.send({ type: 'SUBMIT', data: newCardLater });
    await flow.settle();
    expect(flow.state()).toBe('editing');
    expect(flow.context()).toMatchObject({ error: { code: 'CLIENT_SECRET', text: '' }, methodSetup: null });
  });

  it.each(['setupPaymentMethod', 'confirmPaymentMethodSetup'])('%s failing goes back to the form with the error', async (operationId) => {
    const { host, flow } = start({ answers: { ...answers, [operationId]: fail(502, { detail: 'Provider unavailable' }) } });
    await editing(flow);
    flow.send({ type: 'SUBMIT', data: newCardLater });
    await flow.settle();
    if (operationId === 'confirmPaymentMethodSetup') {
      flow.send({ type: 'METHOD_ATTACHED' });
      await flow.settle();
    }
    expect(flow.state()).toBe('editing');
    expect(flow.context().error).toMatchObject({ text: 'Provider unavailable', status: 502 });
    expect(host.callsTo('setupFuturePayment')).toEqual([]);
  });
});

it('make payment flow: every state is reached and every operation outcome is taken by a test above', () => {
  expect(coverage.missing()).toEqual([]);
});
