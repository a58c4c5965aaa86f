import { describe, expect, it, vi } from 'vitest';
import { createFakeHost, fail, runFlow, trackCoverage, type FakeHostOptions, type FlowRun } from '../support/flow-harness.ts';

const coverage = trackCoverage('manage-account');

// The selected property's account is among the session's accounts, as it is for an owner.
const session = {
  selectedProperty: { propertyId: 21, accountNumber: 'SUM-21' },
  selectedAssociation: { id: 2 },
  accounts: [{ accountNumber: 'SUM-21', subLedgerId: 7, subLedgerName: 'Dues', currentBalanceCents: 25_000, blocked: false }],
};
const methods = { paymentMethods: [{ id: 31, kind: 'card', brand: 'visa', last4: '4242' }, { id: 32, kind: 'bank', last4: '6789' }] };
const futurePayments = { futurePayments: [{ id: 'f-1', amountCents: 10_000, scheduledDate: '2030-01-15', paymentMethodId: 31 }] };
const answers = {
  listPaymentMethods: methods,
  listFuturePayments: futurePayments,
  deletePaymentMethod: null,
  updateFuturePayment: { id: 'f-1' },
  cancelFuturePayment: null,
  setupPaymentMethod: { setupIntentId: 'seti_9', clientSecret: 'cs_9' },
  confirmPaymentMethodSetup: { paymentMethod: { id: 33 } },
  updateRecurringPayment: { recurringPaymentId: 'rec_0000000000000001', status: 'active' },
  updateAutoDraft: { autoDraftId: 'ad_0000000000000001', status: 'active' },
};
const start = (options: FakeHostOptions = {}) => {
  const host = createFakeHost({ answers, session, ...options });
  return { host, flow: runFlow('manage-account', host, { coverage }) };
};
async function ready(flow: FlowRun) {
  await flow.settle();
  expect(flow.state()).toBe('ready');
}
const declined = fail(409, { errorCode: 'CONFLICT', detail: 'Not possible now' });
const declinedError = { code: 'CONFLICT', text: 'Not possible now', status: 409 };

describe('manage account flow: loading', () => {
  it('asks for the saved methods of the association and the unprocessed future payments of the account at once', async () => {
    let answerMethods: (value: unknown) => void = () => {};
    const { host, flow } = start({ answers: { ...answers, listPaymentMethods: () => new Promise((resolve) => { answerMethods = resolve; }) } });
    // The future payments are in while the methods' answer is still awaited.
    await vi.waitFor(() => expect(flow.context().futurePayments).toEqual(futurePayments.futurePayments));
    expect(flow.state()).toBe('loading.methods.loading');
    answerMethods(structuredClone(methods));
    await ready(flow);
    expect(host.calls).toEqual([
      { operationId: 'listPaymentMethods', request: { query: { associationId: 2 }, suppressToast: true } },
      { operationId: 'listFuturePayments', request: { query: { accountNumber: 'SUM-21', processed: false, cancelled: false }, suppressToast: true } },
    ]);
    expect(flow.context()).toMatchObject({ methods: methods.paymentMethods, futurePayments: futurePayments.futurePayments, error: null });
  });

  it('a member without an account at the selected association is told so, with nothing loaded', () => {
    const { host, flow } = start({ session: { ...session, selectedProperty: { propertyId: -2, accountNumber: null } } });
    expect(flow.state()).toBe('noAccount');
    expect(host.calls).toEqual([]);
  });

  it('methods that fail to load leave the page usable with the error', async () => {
    const { flow } = start({ answers: { ...answers, listPaymentMethods: fail(500, { detail: 'Down' }) } });
    await ready(flow);
    expect(flow.context()).toMatchObject({ methods: [], error: { text: 'Down', status: 500 } });
  });

  it('future payments that fail to load leave the page usable with the error and the methods that did load', async () => {
    let answerFuture: (value: unknown) => void = () => {};
    const { flow } = start({ answers: { ...answers, listFuturePayments: () => new Promise((_resolve, reject) => { answerFuture = reject; }) } });
    await vi.waitFor(() => expect(flow.context().methods).toEqual(methods.paymentMethods));
    answerFuture(fail(500, { detail: 'Down' }));
    await ready(flow);
    expect(flow.context()).toMatchObject({ methods: methods.paymentMethods, futurePayments: [], error: { text: 'Down', status: 500 } });
  });

  it('future payments that fail to load leave the methods shown, with the error', async () => {
    const { flow } = start({ answers: { ...answers, listFuturePayments: fail(500, { detail: 'Down' }) } });
    await ready(flow);
    expect(flow.context()).toMatchObject({ methods: methods.paymentMethods, futurePayments: [], error: { text: 'Down', status: 500 } });
  });
});

describe('manage account flow: saved methods', () => {
  it('removes a method after the confirmation, says so and reloads', async () => {
    const { host, flow } = start();
    await ready(flow);
    flow.send({ type: 'REMOVE_METHOD', id: 31, count: 1, last4: '4242' });
    expect(flow.state()).toBe('confirmingRemoval');
    expect(flow.context().pendingRemoval).toEqual({ id: 31, count: 1, last4: '4242' });
    host.answers.listPaymentMethods = { paymentMethods: [methods.paymentMethods[1]] };
    flow.send({ type: 'CONFIRM' });
    await ready(flow);
    expect(host.callsTo('deletePaymentMethod')).toEqual([{ params: { id: 31 }, suppressToast: true }]);
    expect(host.toasts).toEqual([{ status: 'success', titleKey: 'manage.methodRemoved' }]);
    expect(flow.context()).toMatchObject({ pendingRemoval: null, methods: [methods.paymentMethods[1]] });
  });

  it('keeping the method removes nothing', async () => {
    const { host, flow } = start();
    await ready(flow);
    flow.send({ type: 'REMOVE_METHOD', id: 31, count: 0, last4: '4242' });
    flow.send({ type: 'KEEP' });
    expect(flow.state()).toBe('ready');
    expect(flow.context().pendingRemoval).toBeNull();
    expect(host.callsTo('deletePaymentMethod')).toEqual([]);
  });

  it('a refused removal shows the error, without a toast or a reload', async () => {
    const { host, flow } = start({ answers: { ...answers, deletePaymentMethod: declined } });
    await ready(flow);
    flow.send({ type: 'REMOVE_METHOD', id: 31, count: 1, last4: '4242' });
    flow.send({ type: 'CONFIRM' });
    await ready(flow);
    expect(flow.context()).toMatchObject({ pendingRemoval: null, error: declinedError });
    expect(host.toasts).toEqual([]);
    expect(host.callsTo('listPaymentMethods')).toHaveLength(1);
  });

  it.each([['ADD_CARD', 'card'], ['ADD_BANK', 'bank']])('%s starts the provider\'s entry, saves the method, says so and reloads', async (type, kind) => {
    const { host, flow } = start();
    await ready(flow);
    flow.send({ type });
    await flow.settle();
    expect(flow.state()).toBe('enteringMethod');
    expect(host.callsTo('setupPaymentMethod')).toEqual([{ body: { associationId: 2, kind }, suppressToast: true }]);
    expect(flow.context()).toMatchObject({ methodKind: kind, methodSetup: { setupIntentId: 'seti_9', clientSecret: 'cs_9' } });
    flow.send({ type: 'METHOD_ATTACHED' });
    await ready(flow);
    expect(host.callsTo('confirmPaymentMethodSetup')).toEqual([{ params: { setupIntentId: 'seti_9' }, suppressToast: true }]);
    expect(host.toasts).toEqual([{ status: 'success', titleKey: 'manage.methodAdded' }]);
    expect(host.callsTo('listPaymentMethods')).toHaveLength(2);
  });

  it('going back from the provider\'s entry saves nothing', async () => {
    const { host, flow } = start();
    await ready(flow);
    flow.send({ type: 'ADD_CARD' });
    await flow.settle();
    flow.send({ type: 'BACK' });
    expect(flow.state()).toBe('ready');
    expect(host.callsTo('confirmPaymentMethodSetup')).toEqual([]);
  });

  it('no client secret from the provider: the error, and no entry', async () => {
    const { flow } = start({ answers: { ...answers, setupPaymentMethod: { setupIntentId: 'seti_9' } } });
    await ready(flow);
    flow.send({ type: 'ADD_CARD' });
    await ready(flow);
    expect(flow.context()).toMatchObject({ methodSetup: null, error: { code: 'CLIENT_SECRET', text: '' } });
  });

  it.each(['setupPaymentMethod', 'confirmPaymentMethodSetup'])('%s failing shows the error, without a toast', async (operationId) => {
    const { host, flow } = start({ answers: { ...answers, [operationId]: declined } });
    await ready(flow);
    flow.send({ type: 'ADD_BANK' });
    await flow.settle();
    if (operationId === 'confirmPaymentMethodSetup') {
      flow.send({ type: 'METHOD_ATTACHED' });
      await flow.settle();
    }
    expect(flow.state()).toBe('ready');
    expect(flow.context().error).toEqual(declinedError);
    expect(host.toasts).toEqual([]);
  });
});

describe('manage account flow: future payments', () => {
  it('changes a future payment\'s amount and date, says so and reloads', async () => {
    const { host, flow } = start();
    await ready(flow);
    flow.send({ type: 'EDIT_FUTURE', id: 'f-1', amountCents: 10_000, date: '2030-01-15' });
    expect(flow.state()).toBe('editingFuture');
    expect(flow.context().editing).toEqual({ id: 'f-1', amountCents: 10_000, scheduledDate: '2030-01-15' });
    flow.send({ type: 'SUBMIT', data: { amountCents: 12_000, scheduledDate: '2030-02-01' } });
    await ready(flow);
    expect(host.callsTo('updateFuturePayment')).toEqual([{ params: { id: 'f-1' }, body: { amountCents: 12_000, scheduledDate: '2030-02-01' }, suppressToast: true }]);
    expect(host.toasts).toEqual([{ status: 'success', titleKey: 'manage.futureChanged' }]);
    expect(flow.context().editing).toBeNull();
    expect(host.callsTo('listFuturePayments')).toHaveLength(2);
  });

  it('a refused change stays on the edit form with the error; back leaves it', async () => {
    const { host, flow } = start({ answers: { ...answers, updateFuturePayment: declined } });
    await ready(flow);
    flow.send({ type: 'EDIT_FUTURE', id: 'f-1', amountCents: 10_000, date: '2030-01-15' });
    flow.send({ type: 'SUBMIT', data: { amountCents: 0, scheduledDate: '2030-02-01' } });
    await flow.settle();
    expect(flow.state()).toBe('editingFuture');
    expect(flow.context()).toMatchObject({ error: declinedError, editing: { id: 'f-1' } });
    expect(host.toasts).toEqual([]);
    flow.send({ type: 'BACK' });
    expect(flow.state()).toBe('ready');
    expect(flow.context().editing).toBeNull();
  });

  it('cancels a future payment after the confirmation, says so and reloads; keeping it cancels nothing', async () => {
    const { host, flow } = start();
    await ready(flow);
    flow.send({ type: 'CANCEL_FUTURE', id: 'f-1', date: '2030-01-15' });
    expect(flow.state()).toBe('confirmingCancel');
    flow.send({ type: 'KEEP' });
    expect(flow.context().pendingCancel).toBeNull();
    expect(host.callsTo('cancelFuturePayment')).toEqual([]);

    flow.send({ type: 'CANCEL_FUTURE', id: 'f-1', date: '2030-01-15' });
    expect(flow.context().pendingCancel).toEqual({ id: 'f-1', date: '2030-01-15' });
    flow.send({ type: 'CONFIRM' });
    await ready(flow);
    expect(host.callsTo('cancelFuturePayment')).toEqual([{ params: { id: 'f-1' }, suppressToast: true }]);
    expect(host.toasts).toEqual([{ status: 'success', titleKey: 'manage.futureCancelled' }]);
    expect(flow.context().pendingCancel).toBeNull();
  });

  it('a refused cancellation shows the error, without a toast', async () => {
    const { host, flow } = start({ answers: { ...answers, cancelFuturePayment: declined } });
    await ready(flow);
    flow.send({ type: 'CANCEL_FUTURE', id: 'f-1', date: '2030-01-15' });
    flow.send({ type: 'CONFIRM' });
    await ready(flow);
    expect(flow.context()).toMatchObject({ pendingCancel: null, error: declinedError });
    expect(host.toasts).toEqual([]);
  });
});

describe('manage account flow: resuming paused schedules', () => {
  it('resumes a paused recurring payment and a paused auto-draft in place, with a toast each', async () => {
    const { host, flow } = start();
    await ready(flow);
    flow.send({ type: 'RESUME_RECURRING', id: 'rec_0000000000000001' });
    expect(flow.state()).toBe('resumingRecurring');
    await ready(flow);
    flow.send({ type: 'RESUME_AUTO_DRAFT', id: 'ad_0000000000000001' });
    await ready(flow);
    expect(host.callsTo('updateRecurringPayment')).toEqual([{ params: { id: 'rec_0000000000000001' }, body: { resume: true }, suppressToast: true }]);
    expect(host.callsTo('updateAutoDraft')).toEqual([{ params: { id: 'ad_0000000000000001' }, body: { resume: true }, suppressToast: true }]);
    expect(host.toasts.map((toast) => toast.titleKey)).toEqual(['recurring.resumed', 'autoDraft.resumed']);
    expect(flow.context().resumingId).toBeNull();
  });

  it('a refused resume shows the error and changes nothing else', async () => {
    const { host, flow } = start({ answers: { ...answers, updateRecurringPayment: declined, updateAutoDraft: declined } });
    await ready(flow);
    flow.send({ type: 'RESUME_RECURRING', id: 'rec_0000000000000001' });
    await ready(flow);
    expect(flow.context()).toMatchObject({ resumingId: null, error: declinedError });
    flow.send({ type: 'RESUME_AUTO_DRAFT', id: 'ad_0000000000000001' });
    await ready(flow);
    expect(flow.context()).toMatchObject({ resumingId: null, error: declinedError });
    expect(host.toasts).toEqual([]);
  });
});

describe('manage account flow: a recurring payment set up and not authorized yet', () => {
  const setup = { id: 'rec_0000000000000002', text: 'I authorize Maple Grove HOA ...', date: '2030-02-01' };

  it('Resume shows its authorization; agreeing confirms it with a toast, Not now keeps it for later', async () => {
    const { host, flow } = start({ answers: { ...answers, confirmRecurringPayment: { recurringPaymentId: setup.id, status: 'active' } } });
    await ready(flow);
    flow.send({ type: 'REVIEW_RECURRING_SETUP', ...setup });
    expect(flow.state()).toBe('reviewingRecurringSetup');
    expect(flow.context().review).toEqual(setup);
    flow.send({ type: 'BACK' });
    expect(flow.state()).toBe('ready');
    expect(flow.context().review).toBeNull();
    expect(host.callsTo('confirmRecurringPayment')).toEqual([]);

    flow.send({ type: 'REVIEW_RECURRING_SETUP', ...setup });
    flow.send({ type: 'AUTHORIZE' });
    expect(flow.state()).toBe('confirmingRecurringSetup');
    await ready(flow);
    expect(host.callsTo('confirmRecurringPayment')).toEqual([{ params: { id: setup.id }, suppressToast: true }]);
    expect(host.toasts.map((toast) => toast.titleKey)).toEqual(['recurring.created']);
    expect(flow.context().review).toBeNull();
  });

  it('a refused Confirm (expired, or another one confirmed first) stays on the review with the error', async () => {
    const { flow } = start({ answers: { ...answers, confirmRecurringPayment: declined } });
    await ready(flow);
    flow.send({ type: 'REVIEW_RECURRING_SETUP', ...setup });
    flow.send({ type: 'AUTHORIZE' });
    await flow.settle();
    expect(flow.state()).toBe('reviewingRecurringSetup');
    expect(flow.context()).toMatchObject({ review: setup, error: declinedError });
  });

  it('Discard removes it with a toast; a refusal is shown', async () => {
    const { host, flow } = start({ answers: { ...answers, cancelRecurringPayment: null } });
    await ready(flow);
    flow.send({ type: 'DISCARD_RECURRING_SETUP', id: setup.id });
    expect(flow.state()).toBe('discardingRecurringSetup');
    await ready(flow);
    expect(host.callsTo('cancelRecurringPayment')).toEqual([{ params: { id: setup.id }, suppressToast: true }]);
    expect(host.toasts.map((toast) => toast.titleKey)).toEqual(['manage.setupDiscarded']);
    host.answers.cancelRecurringPayment = declined;
    flow.send({ type: 'DISCARD_RECURRING_SETUP', id: setup.id });
    await ready(flow);
    expect(flow.context()).toMatchObject({ discardingId: null, error: declinedError });
  });
});

describe('manage account flow: an auto-draft set up and not signed yet', () => {
  it('Discard removes it with a toast; a refusal is shown', async () => {
    const { host, flow } = start({ answers: { ...answers, cancelAutoDraft: null } });
    await ready(flow);
    flow.send({ type: 'DISCARD_AUTO_DRAFT_SETUP', id: 'ad_0000000000000002' });
    expect(flow.state()).toBe('discardingAutoDraftSetup');
    await ready(flow);
    expect(host.callsTo('cancelAutoDraft')).toEqual([{ params: { id: 'ad_0000000000000002' }, suppressToast: true }]);
    expect(host.toasts.map((toast) => toast.titleKey)).toEqual(['manage.autoDraftSetupDiscarded']);
    host.answers.cancelAutoDraft = declined;
    flow.send({ type: 'DISCARD_AUTO_DRAFT_SETUP', id: 'ad_0000000000000002' });
    await ready(flow);
    expect(flow.context()).toMatchObject({ discardingId: null, error: declinedError });
  });
});

it('manage account flow: every state is reached and every operation outcome is taken by a test above', () => {
  expect(coverage.missing()).toEqual([]);
});
