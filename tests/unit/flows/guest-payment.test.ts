import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeHost, fail, runFlow, stubBrowser, trackCoverage, type FakeHostOptions, type FlowRun } from '../support/flow-harness.ts';

const coverage = trackCoverage('guest-payment');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const configuration = {
  association: { code: 'summit', name: 'Summit Ridge', designTemplate: 'Ocean' },
  acceptsCard: true, acceptsBank: true,
  fees: [{ methodKind: 'card', kind: 'percent', basisPoints: 295, exemptRecurring: true }, { methodKind: 'bank', kind: 'flat', flatCents: 150, exemptRecurring: true }],
  largeAmountThresholdCents: 200_000, largeAmountFeeBasisPoints: 100,
};
const account = {
  accountNumber: 'SUM-1001', associationName: 'Summit Ridge', address: '1 Main St', balanceCents: 30_000,
  subLedgers: [{ id: 7, name: 'Dues', balanceCents: 25_000 }, { id: 8, name: 'Water', balanceCents: 5_000 }],
};
const setup = { paymentId: 'p-1', setupIntentId: 'seti_1', clientSecret: 'secret', amountCents: 10_000, feeCents: 295, totalCents: 10_295 };
const receipt = { paymentId: 'p-1', status: 'succeeded', totalCents: 10_295 };
const answers = {
  getGuestConfiguration: configuration,
  createGuestSession: { token: 'guest-1', configuration },
  getGuestAccount: account,
  createGuestPayment: setup,
  confirmGuestPayment: receipt,
};
const entryForm = { accountNumber: 'SUM-1001', email: 'g@example.com', zip: '80202' };

const start = (options: FakeHostOptions = {}) => {
  const host = createFakeHost({ answers, ...options });
  return { host, flow: runFlow('guest-payment', host, { coverage }) };
};

/** From the entry form to the wizard's confirm step: Dues, card, $100.00. */
async function toConfirm(flow: FlowRun) {
  flow.send({ type: 'SUBMIT', data: entryForm });
  await flow.settle();
  expect(flow.state()).toBe('wizard.selectLedger');
  flow.send({ type: 'SUBMIT', data: { subLedgerId: 7 } });
  flow.send({ type: 'SUBMIT', data: { methodKind: 'card' } });
  flow.send({ type: 'SUBMIT', data: { amountCents: 10_000 } });
  expect(flow.state()).toBe('wizard.confirm');
}

afterEach(() => { vi.unstubAllGlobals(); });

describe('guest payment flow: entry', () => {
  it('starts on the entry form, unbranded, when there is no guest session and no association in the address', () => {
    const { host, flow } = start();
    expect(flow.state()).toBe('entry');
    expect(host.calls).toEqual([]);
    expect(host.sessionEvents).toEqual([{ type: 'UNBRAND' }]);
  });

  it('?association= loads the association to brand the page, then shows the entry form', async () => {
    const { host, flow } = start({ query: { association: 'summit' } });
    expect(flow.state()).toBe('loadingBrand');
    await flow.settle();
    expect(flow.state()).toBe('entry');
    expect(host.callsTo('getGuestConfiguration')).toEqual([{ query: { associationCode: 'summit' }, suppressToast: true }]);
    expect(flow.context().configuration).toEqual(configuration);
    expect(host.sessionEvents).toEqual([{ type: 'BRAND', theme: 'Ocean' }]);
  });

  it('a link naming no known association says so on the entry form, and the page is not branded', async () => {
    const { host, flow } = start({ query: { association: 'gone' }, answers: { ...answers, getGuestConfiguration: fail(404) } });
    await flow.settle();
    expect(flow.state()).toBe('entry');
    expect(flow.context()).toMatchObject({ configuration: null, unknownAssociation: 'gone', error: null });
    expect(host.sessionEvents).toEqual([{ type: 'UNBRAND' }]);
  });

  it('an association that cannot be loaded for another reason still shows the entry form, unbranded and without an error', async () => {
    const { host, flow } = start({ query: { association: 'summit' }, answers: { ...answers, getGuestConfiguration: fail(503) } });
    await flow.settle();
    expect(flow.state()).toBe('entry');
    expect(flow.context()).toMatchObject({ configuration: null, unknownAssociation: null, error: null });
    expect(host.sessionEvents).toEqual([{ type: 'UNBRAND' }]);
  });

  it('opens a guest session: stores its token, brands the page, loads the account and offers its sub-ledgers and methods', async () => {
    const { host, flow } = start({ query: { association: 'summit' } });
    await flow.settle();
    flow.send({ type: 'SUBMIT', data: entryForm });
    await flow.settle();
    expect(flow.state()).toBe('wizard.selectLedger');
    expect(host.callsTo('createGuestSession')).toEqual([{ body: { ...entryForm, associationCode: 'summit' }, suppressToast: true }]);
    expect(host.callsTo('getGuestAccount')).toEqual([{ suppressToast: true }]);
    expect(host.tokens.get('guestPay')).toBe('guest-1');
    expect(host.sessionEvents).toEqual([{ type: 'BRAND', theme: 'Ocean' }, { type: 'BRAND', theme: 'Ocean' }]);
    expect(flow.context()).toMatchObject({
      email: 'g@example.com', account, currentStep: 1,
      subLedgerOptions: [{ value: 7, label: 'Dues', detail: '$250.00' }, { value: 8, label: 'Water', detail: '$50.00' }],
      methodOptions: [{ value: 'card', label: 'methods.card' }, { value: 'bank', label: 'methods.bank' }],
    });
  });

  it('an account that is not found stays on the entry form with the error, and no token is kept', async () => {
    const { host, flow } = start({ answers: { ...answers, createGuestSession: fail(404, { errorCode: 'GUEST_NOT_FOUND', detail: 'Account not found' }) } });
    flow.send({ type: 'SUBMIT', data: entryForm });
    await flow.settle();
    expect(flow.state()).toBe('entry');
    expect(flow.context().error).toEqual({ code: 'GUEST_NOT_FOUND', text: 'Account not found', status: 404 });
    expect(host.tokens.has('guestPay')).toBe(false);
    expect(host.callsTo('getGuestAccount')).toEqual([]);
  });

  it('an account that fails to load clears the guest session and shows the error on the entry form', async () => {
    const { host, flow } = start({ answers: { ...answers, getGuestAccount: fail(500, { detail: 'Server error' }) } });
    flow.send({ type: 'SUBMIT', data: entryForm });
    await flow.settle();
    expect(flow.state()).toBe('entry');
    expect(host.tokens.has('guestPay')).toBe(false);
    expect(flow.context()).toMatchObject({ account: null, email: '', error: { text: 'Server error', status: 500 } });
  });
});

describe('guest payment flow: wizard', () => {
  it('steps through ledger, method and amount with a live fee quote; previous goes back a step', async () => {
    const { flow } = start();
    flow.send({ type: 'SUBMIT', data: entryForm });
    await flow.settle();
    flow.send({ type: 'SUBMIT', data: { subLedgerId: 8 } });
    expect(flow.state()).toBe('wizard.paymentMethod');
    expect(flow.context()).toMatchObject({ currentStep: 2, selectedSubledger: 8, selectedSubledgerName: 'Water', selectedBalanceCents: 5_000 });
    flow.send({ type: 'SUBMIT', data: { methodKind: 'bank' } });
    expect(flow.state()).toBe('wizard.paymentAmount');
    flow.send({ type: 'CHANGE', data: { amountCents: 4_000 } });
    expect(flow.context().quote).toMatchObject({ amountCents: 4_000, feeCents: 150, totalCents: 4_150 });
    flow.send({ type: 'PREVIOUS' });
    expect(flow.state()).toBe('wizard.paymentMethod');
    flow.send({ type: 'PREVIOUS' });
    expect(flow.state()).toBe('wizard.selectLedger');
    expect(flow.context().currentStep).toBe(1);
  });

  it('choosing another sub-ledger resets the amount to 0; the same one keeps it', async () => {
    const { flow } = start();
    await toConfirm(flow);
    expect(flow.context()).toMatchObject({ paymentAmount: 10_000, quote: { amountCents: 10_000, feeCents: 295, totalCents: 10_295 } });
    flow.send({ type: 'PREVIOUS' });
    expect(flow.state()).toBe('wizard.paymentAmount');
    flow.send({ type: 'RESET' });
    expect(flow.state()).toBe('wizard.selectLedger');
    expect(flow.context()).toMatchObject({ currentStep: 1, selectedSubledger: null, selectedPaymentMethod: null, paymentAmount: 0, quote: null });
    flow.send({ type: 'SUBMIT', data: { subLedgerId: 7 } });
    flow.send({ type: 'SUBMIT', data: { methodKind: 'card' } });
    flow.send({ type: 'SUBMIT', data: { amountCents: 10_000 } });
    flow.send({ type: 'PREVIOUS' });
    flow.send({ type: 'PREVIOUS' });
    flow.send({ type: 'PREVIOUS' });
    flow.send({ type: 'SUBMIT', data: { subLedgerId: 7 } });
    expect(flow.context().paymentAmount).toBe(10_000);
    flow.send({ type: 'PREVIOUS' });
    flow.send({ type: 'SUBMIT', data: { subLedgerId: 8 } });
    expect(flow.context()).toMatchObject({ paymentAmount: 0, quote: null });
  });

  it('pays: creates the payment with a new idempotency key, takes the method, confirms with another key and shows the receipt', async () => {
    const { host, flow } = start();
    await toConfirm(flow);
    flow.send({ type: 'PAY' });
    await flow.settle();
    expect(flow.state()).toBe('wizard.enteringMethod');
    const [create] = host.callsTo('createGuestPayment');
    expect(create).toMatchObject({ body: { subLedgerId: 7, amountCents: 10_000, methodKind: 'card' }, suppressToast: true });
    expect(create.idempotencyKey).toMatch(UUID);
    expect(flow.context()).toMatchObject({ setup, paymentRecordId: 'p-1', total: 10_295 });

    flow.send({ type: 'METHOD_ATTACHED' });
    await flow.settle();
    expect(flow.state()).toBe('done');
    const [confirm] = host.callsTo('confirmGuestPayment');
    expect(confirm).toMatchObject({ params: { id: 'p-1' }, body: { setupIntentId: 'seti_1' }, suppressToast: true });
    expect(confirm.idempotencyKey).toMatch(UUID);
    expect(confirm.idempotencyKey).not.toBe(create.idempotencyKey);
    expect(flow.context()).toMatchObject({ receipt, paymentStatus: 'succeeded', total: 10_295 });
  });

  it('a duplicate warning asks first: continue goes on to the method, cancel goes back to confirm without the setup', async () => {
    const { host, flow } = start({ answers: { ...answers, createGuestPayment: { ...setup, duplicateWarning: true } } });
    await toConfirm(flow);
    flow.send({ type: 'PAY' });
    await flow.settle();
    expect(flow.state()).toBe('wizard.duplicateCheck');
    flow.send({ type: 'CANCEL' });
    expect(flow.state()).toBe('wizard.confirm');
    expect(flow.context().setup).toBeNull();
    flow.send({ type: 'PAY' });
    await flow.settle();
    flow.send({ type: 'CONTINUE' });
    expect(flow.state()).toBe('wizard.enteringMethod');
    const keys = host.callsTo('createGuestPayment').map((request) => request.idempotencyKey);
    expect(new Set(keys).size).toBe(2);
    flow.send({ type: 'PREVIOUS' });
    expect(flow.state()).toBe('wizard.confirm');
  });

  it('a refused payment returns to confirm with the error and charges nothing', async () => {
    const { host, flow } = start({ answers: { ...answers, createGuestPayment: fail(422, { errorCode: 'PA007', detail: 'Test Account Detected' }) } });
    await toConfirm(flow);
    flow.send({ type: 'PAY' });
    await flow.settle();
    expect(flow.state()).toBe('wizard.confirm');
    expect(flow.context().error).toEqual({ code: 'PA007', text: 'Test Account Detected', status: 422 });
    expect(host.callsTo('confirmGuestPayment')).toEqual([]);
  });

  it('a failed confirmation returns to confirm with the error and forgets the setup; paying again starts a new one', async () => {
    const { host, flow } = start({ answers: { ...answers, confirmGuestPayment: fail(402, { errorCode: 'CARD_DECLINED', detail: 'Card declined' }) } });
    await toConfirm(flow);
    flow.send({ type: 'PAY' });
    await flow.settle();
    flow.send({ type: 'METHOD_ATTACHED' });
    await flow.settle();
    expect(flow.state()).toBe('wizard.confirm');
    expect(flow.context()).toMatchObject({ setup: null, error: { code: 'CARD_DECLINED', text: 'Card declined', status: 402 } });
    host.answers.confirmGuestPayment = receipt;
    flow.send({ type: 'PAY' });
    expect(flow.context().error).toBeNull();
    await flow.settle();
    expect(host.callsTo('createGuestPayment')).toHaveLength(2);
  });

  it('another payment reloads the account and starts the wizard afresh; clearing ends the guest session', async () => {
    const { host, flow } = start();
    await toConfirm(flow);
    flow.send({ type: 'PAY' });
    await flow.settle();
    flow.send({ type: 'METHOD_ATTACHED' });
    await flow.settle();
    flow.send({ type: 'ANOTHER' });
    await flow.settle();
    expect(flow.state()).toBe('wizard.selectLedger');
    expect(host.callsTo('getGuestAccount')).toHaveLength(2);
    expect(flow.context()).toMatchObject({ currentStep: 1, selectedSubledger: null, paymentAmount: 0, receipt: null, setup: null });

    flow.send({ type: 'CLEAR' });
    expect(flow.state()).toBe('entry');
    expect(host.tokens.has('guestPay')).toBe(false);
    expect(flow.context()).toMatchObject({ account: null, email: '', paymentStatus: null, total: 0, paymentRecordId: null, currentStep: 1 });
  });
});

describe('guest payment flow: reload', () => {
  it.each([[1, 'wizard.selectLedger'], [2, 'wizard.paymentMethod'], [3, 'wizard.paymentAmount'], [4, 'wizard.confirm']])(
    'a guest session kept in the tab resumes at step %i (%s), reloading the account',
    async (step, state) => {
      stubBrowser('/guest-payment');
      const first = start();
      await toConfirm(first.flow);
      // The wizard as it was at `step`.
      for (let back = 4; back > step; back -= 1) first.flow.send({ type: 'PREVIOUS' });
      const again = start({ tokens: { guestPay: 'guest-1' } });
      expect(again.flow.state()).toBe('loadingAccount');
      await again.flow.settle();
      expect(again.flow.state()).toBe(state);
      expect(again.host.callsTo('createGuestSession')).toEqual([]);
      expect(again.flow.context()).toMatchObject({ email: 'g@example.com', currentStep: step, selectedSubledger: 7 });
      // Another tab may have branded the shared theme for another association meanwhile.
      expect(again.host.sessionEvents).toEqual([{ type: 'BRAND', theme: 'Ocean' }]);
    },
  );

  it('without the guest token a kept account does not resume', () => {
    stubBrowser('/guest-payment');
    const browser = window as unknown as { sessionStorage: Storage };
    browser.sessionStorage.setItem('portal.guestPayment', JSON.stringify({ account, currentStep: 3 }));
    expect(start().flow.state()).toBe('entry');
  });
});

it('guest payment flow: every state is reached and every operation outcome is taken by a test above', () => {
  expect(coverage.missing()).toEqual([]);
});
