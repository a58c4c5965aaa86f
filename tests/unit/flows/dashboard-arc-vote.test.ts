import { describe, expect, it } from 'vitest';
import { arcVoteBody } from '../../../flows/dashboard-arc-vote.ts';
import { createFakeHost, fail, runFlow, trackCoverage } from '../support/flow-harness.ts';

const coverage = trackCoverage('dashboard-arc-vote');

// The board dashboard: a member approves or declines a request awaiting their vote, from its list.
const shed = {
  id: 41, subject: 'Backyard storage shed', type: 'addition', step: 'boardReview', status: 'open', submittedAt: '2030-01-01T15:00:00.000Z',
  dueDate: '2030-01-31', overdue: true, homeownerName: 'Marcus Johnson', address: '506 Maple Grove Lane, Atlanta, GA 30301', accountNumber: '100243',
  approveVotes: 1, declineVotes: 0, myVote: null, decision: null,
};
const session = { selectedAssociation: { id: 2, name: 'Maple Grove HOA', isBoardMember: true } };
const start = (answers = {}) => {
  const host = createFakeHost({ answers: { voteOnArcRequest: { id: 41, myVote: 'approve' }, ...answers }, session });
  return { host, flow: runFlow('dashboard-arc-vote', host, { coverage }) };
};

describe('arcVoteBody', () => {
  it('sends a comment trimmed, and leaves out one of spaces or none (the server takes no null)', () => {
    expect(arcVoteBody('decline', { comment: '  Too tall. ' })).toEqual({ vote: 'decline', comment: 'Too tall.' });
    expect(arcVoteBody('approve', { comment: '   ' })).toEqual({ vote: 'approve' });
    expect(arcVoteBody('approve', {})).toEqual({ vote: 'approve' });
    expect(arcVoteBody('approve', undefined)).toEqual({ vote: 'approve' });
  });
});

describe('dashboard-arc-vote flow', () => {
  it('opens the approval window for the request and closes it again without calling anything', () => {
    const { host, flow } = start();
    flow.send({ type: 'APPROVE', arc: shed });
    expect(flow.state()).toBe('composing');
    expect(flow.context()).toMatchObject({ arcRequest: { id: 41, subject: 'Backyard storage shed' }, approvingArc: true, decliningArc: false });
    flow.send({ type: 'CANCEL' });
    expect(flow.state()).toBe('browsing');
    expect(flow.context()).toMatchObject({ arcRequest: null, arcVote: null, approvingArc: false, decliningArc: false });
    expect(host.calls).toEqual([]);
  });

  it('records an approval without a comment, then closes with a toast naming the request', async () => {
    const { host, flow } = start();
    flow.send({ type: 'APPROVE', arc: shed });
    flow.send({ type: 'SUBMIT', data: {} });
    await flow.settle();
    expect(host.callsTo('voteOnArcRequest')).toEqual([{ params: { id: 41 }, body: { vote: 'approve' }, suppressToast: true }]);
    expect(flow.state()).toBe('browsing');
    expect(flow.context()).toMatchObject({ arcRequest: null, approvingArc: false });
    expect(host.toasts).toEqual([expect.objectContaining({ status: 'success', titleKey: 'boardDashboard.approvedToast', description: 'Backyard storage shed' })]);
  });

  it('records a decline with the comment saying why', async () => {
    const { host, flow } = start();
    flow.send({ type: 'DECLINE', arc: shed });
    expect(flow.context()).toMatchObject({ approvingArc: false, decliningArc: true });
    flow.send({ type: 'SUBMIT', data: { comment: ' Too close to the fence. ' } });
    await flow.settle();
    expect(host.callsTo('voteOnArcRequest')).toEqual([expect.objectContaining({ params: { id: 41 }, body: { vote: 'decline', comment: 'Too close to the fence.' } })]);
    expect(flow.state()).toBe('browsing');
    expect(host.toasts).toEqual([expect.objectContaining({ status: 'success', titleKey: 'boardDashboard.declinedToast', description: 'Backyard storage shed' })]);
  });

  it('keeps the window open with the refusal when the chair decided meanwhile, and a new try starts clean', async () => {
    const { host, flow } = start({ voteOnArcRequest: fail(409, { errorCode: 'ARC001', detail: 'This request was already decided; its votes are closed.' }) });
    flow.send({ type: 'APPROVE', arc: shed });
    flow.send({ type: 'SUBMIT', data: { comment: 'Fine with me.' } });
    await flow.settle();
    expect(flow.state()).toBe('composing');
    expect(flow.context().error).toMatchObject({ code: 'ARC001' });
    expect(flow.context()).toMatchObject({ arcRequest: { id: 41 }, approvingArc: true });
    expect(host.toasts).toEqual([]);
    flow.send({ type: 'CANCEL' });
    expect(flow.context().error).toBeNull();
    expect(flow.context().arcRequest).toBeNull();
  });
});

it('dashboard-arc-vote flow: every state is reached and every operation outcome is taken by a test above', () => {
  expect(coverage.missing()).toEqual([]);
});
