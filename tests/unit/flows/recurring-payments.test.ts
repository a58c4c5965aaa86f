import { describe, expect, it, vi } from 'vitest';
import { amountRule, listedSchedule } from '../../../flows/recurring-payments.ts';
import { createFakeHost, fail, runFlow, trackCoverage, type FakeHostOptions, type FlowRun } from '../support/flow-harness.ts';

const coverage = trackCoverage('recurring-payments');

const session = {
  selectedProperty: { propertyId: 21, accountNumber: '100234' },
  selectedAssociation: { id: 2 },
  accounts: [{ accountNumber: '100234', subLedgerId: 7, subLedgerName: 'Assessments', currentBalanceCents: 20_000, blocked: false }],
};
const methods = { paymentMethods: [{ id: 31, kind: 'card', brand: 'visa', last4: '4242' }] };
const schedule = {
  recurringPaymentId: 'rec_0000000000000001', subLedgerId: 7, accountNumber: '100234', subLedgerName: 'Assessments',
  frequency: 'monthly', dayOfMonth: 31, startDate: '2030-01-31', nextPaymentDate: '2030-02-28',
  amount: { kind: 'percentage', basisPoints: 2500, maximumCents: 15_000 }, paymentMethodId: 31, method: { kind: 'card', brand: 'visa', last4: '4242' },
  status: 'active', consecutiveFailures: 0, changeableUntil: '2030-02-28T01:00:00.000Z', changeable: true,
};
const setupAnswer = { recurringPayment: { ...schedule, recurringPaymentId: 'rec_0000000000000002', status: 'setup' }, authorizationText: 'I authorize…' };
const answers = {
  listPaymentMethods: methods,
  listRecurringPayments: { recurringPayments: [schedule, { ...schedule, recurringPaymentId: 'rec_0000000000000009', status: 'setup' }] },
  setupRecurringPayment: setupAnswer,
  confirmRecurringPayment: { ...setupAnswer.recurringPayment, status: 'active' },
  updateRecurringPayment: schedule,
  reviewRecurringPaymentChange: { recurringPayment: schedule, authorizationText: 'I authorize the change…' },
  cancelRecurringPayment: null,
};
const start = (options: FakeHostOptions = {}) => {
  const host = createFakeHost({ answers, session, ...options });
  return { host, flow: runFlow('recurring-payments', host, { coverage }) };
};
async function ready(flow: FlowRun) {
  await flow.settle();
  expect(flow.state()).toBe('ready');
}
const refused = fail(409, { errorCode: 'PAY012', detail: 'Too late to change' });
const setupDraft = { subLedgerId: 7, paymentMethodId: 31, frequency: 'monthly', startDate: '2030-01-31', amountKind: 'fixed', amountCents: 20_000 };

describe('amountRule and listedSchedule', () => {
  it('make the API\'s amount rule from the form\'s fields, a percentage in whole percent', () => {
    expect(amountRule({ amountKind: 'fixed', amountCents: 500 })).toEqual({ kind: 'fixed', amountCents: 500 });
    expect(amountRule({ amountKind: 'fullBalance' })).toEqual({ kind: 'fullBalance' });
    expect(amountRule({ amountKind: 'fullBalance', maximumCents: 9_000 })).toEqual({ kind: 'fullBalance', maximumCents: 9_000 });
    expect(amountRule({ amountKind: 'percentage', percent: 25, maximumCents: 0 })).toEqual({ kind: 'percentage', basisPoints: 2500 });
    expect(amountRule({ amountKind: 'fixed' })).toBeNull();
  });

  it('list a schedule with the texts that apply and the form\'s fields to change it from', () => {
    expect(listedSchedule(schedule as never)).toMatchObject({
      id: 'rec_0000000000000001', monthly: true, quarterly: false, lateDay: true, percentage: true, percent: '25', maximum: '$150.00',
      method: 'VISA •••• 4242', changeable: true, paused: false,
      draft: { nextPaymentDate: '2030-02-28', frequency: 'monthly', paymentMethodId: 31, amountKind: 'percentage', percent: 25, maximumCents: 15_000 },
    });
  });

  it('"Last payment" is the last one that went through; a declined one after it is a failure line of its own', () => {
    const declined = { ...schedule, associationName: 'Maple Grove HOA', lastPayment: { date: '2030-01-31', amountCents: 1_000, status: 'declined' } };
    expect(listedSchedule(declined as never)).toMatchObject({ lastPaymentDate: '', lastPaymentAmount: '', lastFailed: true, accountNumber: '100234', associationName: 'Maple Grove HOA' });
    const earlier = { ...declined, lastSuccessfulPayment: { date: '2029-12-31', amountCents: 2_000 } };
    expect(listedSchedule(earlier as never)).toMatchObject({ lastPaymentDate: '2029-12-31', lastPaymentAmount: '$20.00', lastFailed: true });
  });
});

describe('recurring-payments flow', () => {
  it('asks for the saved methods and the account\'s schedules at once, leaving out one set up and never authorized', async () => {
    let answerMethods: (value: unknown) => void = () => {};
    const { host, flow } = start({ answers: { ...answers, listPaymentMethods: () => new Promise((resolve) => { answerMethods = resolve; }) } });
    // The schedules are in while the methods' answer is still awaited.
    await vi.waitFor(() => expect(flow.context().schedules).toHaveLength(1));
    expect(flow.state()).toBe('loading.methods.loading');
    answerMethods(structuredClone(methods));
    await ready(flow);
    expect(host.calls.map((call) => call.operationId)).toEqual(['listPaymentMethods', 'listRecurringPayments']);
    expect(host.callsTo('listRecurringPayments')).toEqual([{ query: { accountNumber: '100234' }, suppressToast: true }]);
    expect((flow.context().schedules as { id: string }[]).map((item) => item.id)).toEqual(['rec_0000000000000001']);
    expect(flow.context().methodOptions).toEqual([{ value: 31, label: 'billing.savedCard', detail: 'VISA •••• 4242' }]);
  });

  it('a member without an account is told so; loading failures leave the page with the error', async () => {
    expect(start({ session: { ...session, selectedProperty: { accountNumber: null } } }).flow.state()).toBe('noAccount');
    const methodsDown = start({ answers: { ...answers, listPaymentMethods: fail(500, { detail: 'Down' }) } });
    await ready(methodsDown.flow);
    expect(methodsDown.flow.context().error).toMatchObject({ status: 500 });
    const listDown = start({ answers: { ...answers, listRecurringPayments: fail(500, { detail: 'Down' }) } });
    await ready(listDown.flow);
    expect(listDown.flow.context().error).toMatchObject({ status: 500 });
  });

  it('without a saved method, a new schedule sends the homeowner to add one first', async () => {
    const { flow } = start({ answers: { ...answers, listPaymentMethods: { paymentMethods: [] } } });
    await ready(flow);
    flow.send({ type: 'NEW' });
    expect(flow.state()).toBe('needsMethod');
    flow.send({ type: 'BACK' });
    expect(flow.state()).toBe('ready');
  });

  it('sets up, shows the authorization, and authorizes; not now removes what was set up', async () => {
    const { host, flow } = start();
    await ready(flow);
    flow.send({ type: 'NEW' });
    expect(flow.state()).toBe('choosing');
    flow.send({ type: 'SUBMIT', data: setupDraft });
    await flow.settle();
    expect(flow.state()).toBe('authorizing');
    expect(host.callsTo('setupRecurringPayment')).toEqual([{
      body: { accountNumber: '100234', subLedgerId: 7, paymentMethodId: 31, frequency: 'monthly', startDate: '2030-01-31', amount: { kind: 'fixed', amountCents: 20_000 } },
      suppressToast: true,
    }]);
    expect(flow.context().authorizationText).toBe('I authorize…');
    flow.send({ type: 'BACK' });
    await flow.settle();
    expect(flow.state()).toBe('choosing');
    expect(host.callsTo('cancelRecurringPayment')).toEqual([{ params: { id: 'rec_0000000000000002' }, suppressToast: true }]);
    flow.send({ type: 'SUBMIT', data: setupDraft });
    await flow.settle();
    flow.send({ type: 'AUTHORIZE' });
    await ready(flow);
    expect(host.callsTo('confirmRecurringPayment')).toEqual([{ params: { id: 'rec_0000000000000002' }, suppressToast: true }]);
    expect(host.toasts.at(-1)).toMatchObject({ status: 'success', titleKey: 'recurring.created' });
    expect(host.callsTo('listRecurringPayments')).toHaveLength(2);
  });

  it('a refused setup, a refused authorization and a refused removal of the setup each keep the homeowner where they were, with the error', async () => {
    const { host, flow } = start({ answers: { ...answers, setupRecurringPayment: fail(409, { errorCode: 'PAY013', detail: 'Already has one' }) } });
    await ready(flow);
    flow.send({ type: 'NEW' });
    flow.send({ type: 'SUBMIT', data: setupDraft });
    await flow.settle();
    expect(flow.state()).toBe('choosing');
    expect(flow.context()).toMatchObject({ error: { code: 'PAY013' }, draft: setupDraft });
    host.answers.setupRecurringPayment = setupAnswer;
    host.answers.confirmRecurringPayment = fail(403, { errorCode: 'PAY004', detail: 'Blocked' });
    flow.send({ type: 'SUBMIT', data: setupDraft });
    await flow.settle();
    flow.send({ type: 'AUTHORIZE' });
    await flow.settle();
    expect(flow.state()).toBe('authorizing');
    expect(flow.context().error).toMatchObject({ code: 'PAY004' });
    host.answers.cancelRecurringPayment = fail(500, { detail: 'Down' });
    flow.send({ type: 'BACK' });
    await flow.settle();
    expect(flow.state()).toBe('choosing');
    expect(flow.context()).toMatchObject({ setup: null, error: { status: 500 } });
  });

  it('changes only what the form altered: the date alone, then a new amount rule', async () => {
    const { host, flow } = start();
    await ready(flow);
    flow.send({ type: 'CHANGE', id: 'rec_0000000000000001' });
    expect(flow.state()).toBe('changing');
    const draft = listedSchedule(schedule as never).draft;
    flow.send({ type: 'SUBMIT', data: { ...draft, nextPaymentDate: '2030-03-05' } });
    await flow.settle();
    // The new authorization is shown first; nothing is changed until it is agreed to.
    expect(flow.state()).toBe('authorizingChange');
    expect(host.callsTo('updateRecurringPayment')).toEqual([]);
    flow.send({ type: 'AUTHORIZE' });
    await ready(flow);
    flow.send({ type: 'CHANGE', id: 'rec_0000000000000001' });
    flow.send({ type: 'SUBMIT', data: { ...draft, amountKind: 'fixed', amountCents: 12_500 } });
    await flow.settle();
    flow.send({ type: 'AUTHORIZE' });
    await ready(flow);
    expect(host.callsTo('reviewRecurringPaymentChange')).toEqual([
      { params: { id: 'rec_0000000000000001' }, body: { nextPaymentDate: '2030-03-05' }, suppressToast: true },
      { params: { id: 'rec_0000000000000001' }, body: { amount: { kind: 'fixed', amountCents: 12_500 } }, suppressToast: true },
    ]);
    const agreed = { agreedAuthorizationText: 'I authorize the change…' };
    expect(host.callsTo('updateRecurringPayment')).toEqual([
      { params: { id: 'rec_0000000000000001' }, body: { nextPaymentDate: '2030-03-05', ...agreed }, suppressToast: true },
      { params: { id: 'rec_0000000000000001' }, body: { amount: { kind: 'fixed', amountCents: 12_500 }, ...agreed }, suppressToast: true },
    ]);
    expect(host.toasts.at(-1)).toMatchObject({ titleKey: 'recurring.changed' });
  });

  it('Not now on the new authorization changes nothing; a change refused when agreed stays on the authorization with the error', async () => {
    const { host, flow } = start({ answers: { ...answers, updateRecurringPayment: refused } });
    await ready(flow);
    flow.send({ type: 'CHANGE', id: 'rec_0000000000000001' });
    flow.send({ type: 'SUBMIT', data: { ...listedSchedule(schedule as never).draft, frequency: 'yearly' } });
    await flow.settle();
    flow.send({ type: 'BACK' });
    expect(flow.state()).toBe('ready');
    expect(flow.context()).toMatchObject({ changing: null, changeBody: null, changeAuthorization: null });
    expect(host.callsTo('updateRecurringPayment')).toEqual([]);
    flow.send({ type: 'CHANGE', id: 'rec_0000000000000001' });
    flow.send({ type: 'SUBMIT', data: { ...listedSchedule(schedule as never).draft, frequency: 'yearly' } });
    await flow.settle();
    flow.send({ type: 'AUTHORIZE' });
    await flow.settle();
    expect(flow.state()).toBe('authorizingChange');
    expect(flow.context().error).toMatchObject({ code: 'PAY012' });
  });

  it('a change refused after the cutoff stays on the form with the error; back leaves it', async () => {
    const { flow } = start({ answers: { ...answers, reviewRecurringPaymentChange: refused } });
    await ready(flow);
    flow.send({ type: 'CHANGE', id: 'rec_0000000000000001' });
    flow.send({ type: 'SUBMIT', data: { ...listedSchedule(schedule as never).draft, frequency: 'yearly' } });
    await flow.settle();
    expect(flow.state()).toBe('changing');
    expect(flow.context().error).toMatchObject({ code: 'PAY012' });
    flow.send({ type: 'BACK' });
    expect(flow.state()).toBe('ready');
    expect(flow.context().changing).toBeNull();
  });

  it('skips the next payment and removes a schedule after asking; keep asks nothing of the server', async () => {
    const { host, flow } = start();
    await ready(flow);
    flow.send({ type: 'SKIP', id: 'rec_0000000000000001', date: '2030-02-28' });
    expect(flow.state()).toBe('confirmingSkip');
    flow.send({ type: 'KEEP' });
    expect(flow.state()).toBe('ready');
    flow.send({ type: 'SKIP', id: 'rec_0000000000000001', date: '2030-02-28' });
    flow.send({ type: 'CONFIRM' });
    await ready(flow);
    flow.send({ type: 'REMOVE', id: 'rec_0000000000000001', date: '2030-02-28' });
    expect(flow.state()).toBe('confirmingRemoval');
    flow.send({ type: 'KEEP' });
    flow.send({ type: 'REMOVE', id: 'rec_0000000000000001', date: '2030-02-28' });
    flow.send({ type: 'CONFIRM' });
    await ready(flow);
    expect(host.callsTo('updateRecurringPayment')).toEqual([{ params: { id: 'rec_0000000000000001' }, body: { skipNext: true }, suppressToast: true }]);
    expect(host.callsTo('cancelRecurringPayment')).toEqual([{ params: { id: 'rec_0000000000000001' }, suppressToast: true }]);
    expect(flow.context()).toMatchObject({ pendingSkip: null, pendingRemoval: null });
  });

  it('resumes a paused schedule; refusals of skip, removal and resume show the error', async () => {
    const { host, flow } = start();
    await ready(flow);
    flow.send({ type: 'RESUME', id: 'rec_0000000000000001' });
    await ready(flow);
    expect(host.callsTo('updateRecurringPayment')).toEqual([{ params: { id: 'rec_0000000000000001' }, body: { resume: true }, suppressToast: true }]);
    host.answers.updateRecurringPayment = refused;
    host.answers.cancelRecurringPayment = refused;
    flow.send({ type: 'RESUME', id: 'rec_0000000000000001' });
    await ready(flow);
    expect(flow.context()).toMatchObject({ resumingId: null, error: { code: 'PAY012' } });
    flow.send({ type: 'SKIP', id: 'rec_0000000000000001', date: '2030-02-28' });
    flow.send({ type: 'CONFIRM' });
    await ready(flow);
    expect(flow.context()).toMatchObject({ pendingSkip: null, error: { code: 'PAY012' } });
    flow.send({ type: 'REMOVE', id: 'rec_0000000000000001', date: '2030-02-28' });
    flow.send({ type: 'CONFIRM' });
    await ready(flow);
    expect(flow.context()).toMatchObject({ pendingRemoval: null, error: { code: 'PAY012' } });
  });

  it('after a change only the schedules are read again; their failing shows the error', async () => {
    const { host, flow } = start();
    await ready(flow);
    host.answers.listRecurringPayments = fail(500, { detail: 'Down' });
    flow.send({ type: 'SKIP', id: 'rec_0000000000000001', date: '2030-02-28' });
    flow.send({ type: 'CONFIRM' });
    await ready(flow);
    expect(host.calls.map((call) => call.operationId)).toEqual(['listPaymentMethods', 'listRecurringPayments', 'updateRecurringPayment', 'listRecurringPayments']);
    expect(flow.context()).toMatchObject({ error: { text: 'Down', status: 500 } });
  });
});

it('recurring-payments flow: every state is reached and every operation outcome is taken by a test above', () => {
  expect(coverage.missing()).toEqual([]);
});
