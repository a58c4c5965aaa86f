import { describe, expect, it } from 'vitest';
import { listedAcknowledgement } from '../../../flows/payment-consent.ts';
import { createFakeHost, fail, runFlow, trackCoverage, type FakeHostOptions, type FlowRun } from '../support/flow-harness.ts';

const coverage = trackCoverage('payment-consent');

const session = {
  selectedProperty: { propertyId: 21, accountNumber: '100234' },
  selectedAssociation: { id: 2, name: 'Maple Grove HOA' },
  accounts: [{ accountNumber: '100234', subLedgerId: 7, subLedgerName: 'Assessments', currentBalanceCents: 20_000, blocked: false }],
};
const notice = {
  id: 'dn_4', kind: 'debitNotice', recurringPaymentId: 'rec_0000000000000001', accountNumber: '100234', subLedgerName: 'Assessments',
  agreedBy: 'Jordan Rivera', agreedAt: '2030-01-20T14:00:00.000Z', text: 'On February 1, 2030 …', active: true, debitDate: '2030-02-01', amountCents: 24_500,
};
const authorization = {
  id: 'ada_2', kind: 'autoDraft', autoDraftId: 'ad_0000000000000001', accountNumber: '100234', agreedBy: 'Jordan Rivera',
  agreedAt: '2030-01-02T14:00:00.000Z', ipAddress: '203.0.113.9', signature: 'Jordan Rivera', text: 'I authorize…', active: true, confirmedAt: '2030-01-02T14:00:00.000Z',
};
const answers = {
  listAcknowledgements: { acknowledgements: [notice, authorization] },
  confirmAcknowledgement: { ...notice, confirmedAt: '2030-01-21T09:00:00.000Z' },
};
const start = (options: FakeHostOptions = {}) => {
  const host = createFakeHost({ answers, session, ...options });
  return { host, flow: runFlow('payment-consent', host, { coverage }) };
};
async function ready(flow: FlowRun) {
  await flow.settle();
  expect(flow.state()).toBe('ready');
}

describe('listedAcknowledgement', () => {
  it('tells an unread notice, with its amount, from an authorization, which needs no confirming', () => {
    expect(listedAcknowledgement(notice as never)).toMatchObject({ notice: true, unread: true, recurring: false, amount: '$245.00', debitDate: '2030-02-01', confirmedAt: '' });
    expect(listedAcknowledgement(authorization as never)).toMatchObject({ autoDraft: true, notice: false, unread: false, signature: 'Jordan Rivera', confirmedAt: '', amount: '' });
    // A notice whose debit was moved or made no longer asks to be read.
    expect(listedAcknowledgement({ ...notice, active: false } as never)).toMatchObject({ notice: true, unread: false, active: false });
    expect(listedAcknowledgement({ ...notice, confirmedAt: '2030-01-21T09:00:00.000Z' } as never)).toMatchObject({ unread: false, confirmedAt: '2030-01-21T09:00:00.000Z' });
  });
});

describe('payment-consent flow', () => {
  it('lists the selected account\'s acknowledgements; a member without an account loads nothing', async () => {
    const { host, flow } = start();
    await ready(flow);
    expect(host.callsTo('listAcknowledgements')).toEqual([{ query: { accountNumber: '100234' }, suppressToast: true }]);
    expect((flow.context().acknowledgements as { id: string }[]).map((item) => item.id)).toEqual(['dn_4', 'ada_2']);
    const none = start({ session: { ...session, selectedProperty: { accountNumber: null } } });
    expect(none.flow.state()).toBe('noAccount');
    expect(none.host.calls).toEqual([]);
  });

  it('confirms a notice as read and lists again; failures show the error', async () => {
    const { host, flow } = start();
    await ready(flow);
    flow.send({ type: 'CONFIRM_NOTICE', id: 'dn_4' });
    await ready(flow);
    expect(host.callsTo('confirmAcknowledgement')).toEqual([{ params: { id: 'dn_4' }, suppressToast: true }]);
    expect(host.toasts.at(-1)).toMatchObject({ status: 'success', titleKey: 'consent.noticeConfirmed' });
    expect(host.callsTo('listAcknowledgements')).toHaveLength(2);
    host.answers.confirmAcknowledgement = fail(404, { errorCode: 'ACK404', detail: 'Acknowledgement not found' });
    flow.send({ type: 'CONFIRM_NOTICE', id: 'dn_4' });
    await ready(flow);
    expect(flow.context()).toMatchObject({ confirmingId: null, error: { code: 'ACK404' } });
    const down = start({ answers: { ...answers, listAcknowledgements: fail(500, { detail: 'Down' }) } });
    await ready(down.flow);
    expect(down.flow.context().error).toMatchObject({ status: 500 });
  });
});

it('payment-consent flow: every state is reached and every operation outcome is taken by a test above', () => {
  expect(coverage.missing()).toEqual([]);
});
