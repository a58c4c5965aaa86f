import { describe, expect, it } from 'vitest';
import { invoiceComment } from '../../../flows/invoice-decision.ts';
import { createFakeHost, fail, runFlow, trackCoverage } from '../support/flow-harness.ts';

const coverage = trackCoverage('invoice-decision');

// The board approves or declines an invoice awaiting approval, from its row of the invoices grid.
const awaiting = {
  id: 7, vendor: 'AquaClear Pools', description: 'Pool pump replacement', amountCents: 342550, dueDate: '2030-01-20',
  status: 'awaiting', decidedBy: null, decidedAt: null, comment: null,
};
const session = { selectedAssociation: { id: 2, name: 'Maple Grove HOA' } };
const start = (answers = {}) => {
  const host = createFakeHost({
    answers: { decideBoardInvoice: { ...awaiting, status: 'approved', decidedBy: 'Board Member', decidedAt: '2030-01-10T15:00:00.000Z' }, ...answers },
    session,
  });
  return { host, flow: runFlow('invoice-decision', host, { coverage }) };
};

describe('invoiceComment', () => {
  it('keeps a comment trimmed; spaces or nothing are no comment', () => {
    expect(invoiceComment({ comment: '  Work not done yet. ' })).toBe('Work not done yet.');
    expect(invoiceComment({ comment: '   ' })).toBeNull();
    expect(invoiceComment({})).toBeNull();
    expect(invoiceComment(undefined)).toBeNull();
  });
});

describe('invoice-decision flow', () => {
  it('opens the approval window for the row and closes it again without calling anything', () => {
    const { host, flow } = start();
    flow.send({ type: 'APPROVE', data: awaiting });
    expect(flow.state()).toBe('deciding');
    expect(flow.context()).toMatchObject({ invoice: { id: 7, vendor: 'AquaClear Pools' }, decision: 'approved', approving: true, declining: false });
    flow.send({ type: 'CANCEL' });
    expect(flow.state()).toBe('browsing');
    expect(flow.context()).toMatchObject({ invoice: null, approving: false, declining: false });
    expect(host.calls).toEqual([]);
  });

  it('approves with an optional comment for the selected association, then closes with a toast', async () => {
    const { host, flow } = start();
    flow.send({ type: 'APPROVE', data: awaiting });
    flow.send({ type: 'SUBMIT', data: {} });
    await flow.settle();
    expect(host.callsTo('decideBoardInvoice')).toEqual([{ params: { id: 2, invoiceId: 7 }, body: { decision: 'approved', comment: null }, suppressToast: true }]);
    expect(flow.state()).toBe('browsing');
    expect(flow.context()).toMatchObject({ invoice: null, approving: false });
    expect(host.toasts).toEqual([expect.objectContaining({ status: 'success', titleKey: 'boardLists.invoiceApproved' })]);
  });

  it('declines with the comment saying why', async () => {
    const { host, flow } = start({ decideBoardInvoice: { ...awaiting, status: 'declined', comment: 'Quote was lower.' } });
    flow.send({ type: 'DECLINE', data: awaiting });
    expect(flow.context()).toMatchObject({ decision: 'declined', approving: false, declining: true });
    flow.send({ type: 'SUBMIT', data: { comment: ' Quote was lower. ' } });
    await flow.settle();
    expect(host.callsTo('decideBoardInvoice')).toEqual([expect.objectContaining({ body: { decision: 'declined', comment: 'Quote was lower.' } })]);
    expect(flow.state()).toBe('browsing');
    expect(host.toasts).toEqual([expect.objectContaining({ status: 'success', titleKey: 'boardLists.invoiceDeclined' })]);
  });

  it('keeps the window open with the refusal and no decision left to send when the invoice was already decided; closing starts clean', async () => {
    const { host, flow } = start({ decideBoardInvoice: fail(409, { errorCode: 'INV001', detail: 'This invoice was already approved.' }) });
    flow.send({ type: 'DECLINE', data: awaiting });
    flow.send({ type: 'SUBMIT', data: { comment: 'Too expensive.' } });
    await flow.settle();
    expect(flow.state()).toBe('outdated');
    expect(flow.context().error).toMatchObject({ code: 'INV001', text: 'This invoice was already approved.' });
    expect(flow.context()).toMatchObject({ invoice: { id: 7 }, declining: true, decidedMeanwhile: true });
    expect(host.toasts).toEqual([]);
    // Submitting again is not possible from here.
    flow.send({ type: 'SUBMIT', data: { comment: 'Too expensive.' } });
    await flow.settle();
    expect(host.callsTo('decideBoardInvoice')).toHaveLength(1);
    flow.send({ type: 'CANCEL' });
    expect(flow.state()).toBe('browsing');
    expect(flow.context()).toMatchObject({ error: null, decidedMeanwhile: false, invoice: null });
  });

  it('keeps the window open with a refusal of another kind, for another try', async () => {
    const { flow } = start({ decideBoardInvoice: fail(400, { errorCode: 'INV002', detail: 'Say why the invoice is declined.' }) });
    flow.send({ type: 'DECLINE', data: awaiting });
    flow.send({ type: 'SUBMIT', data: { comment: 'x' } });
    await flow.settle();
    expect(flow.state()).toBe('deciding');
    expect(flow.context()).toMatchObject({ error: { code: 'INV002' }, decidedMeanwhile: false });
  });
});

it('invoice-decision flow: every state is reached and every operation outcome is taken by a test above', () => {
  expect(coverage.missing()).toEqual([]);
});
