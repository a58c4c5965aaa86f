import { describe, expect, it } from 'vitest';
import { shownArc, shownMessages } from '../../../flows/board-arc.ts';
import { createFakeHost, fail, runFlow, trackCoverage, type FakeHostOptions, type FlowRun } from '../support/flow-harness.ts';

const coverage = trackCoverage('board-arc');

// The board's page of one architectural request: read with its conversation, voted on, a vote
// changed and retracted, the chair's decision, a message to the applicant, and the refusals.
const ME = 31;
const member = (userId: number, name: string, isChair = false) => ({ userId, name, isChair, vote: null, comment: null, votedAt: null });
const open = {
  id: 77, subject: 'Solar panels on the south roof', description: 'Eighteen black panels.', type: 'solar', step: 'boardReview', status: 'open',
  submittedAt: '2030-03-01T15:00:00.000Z', dueDate: '2030-03-31', overdue: false, associationId: 2, associationName: 'Maple Grove HOA',
  homeownerName: 'Priya Shah', address: '500 Maple Grove Lane', accountNumber: '100240',
  votes: { approve: 1, decline: 0, members: 3 }, myVote: null, decision: null,
  attachments: [
    { id: 5, name: 'Panel layout.png', contentType: 'image/png', size: 68, uploadedAt: '2030-03-01T15:00:00.000Z', fromManagement: false, previewable: true },
    { id: 6, name: 'Wiring.pdf', contentType: 'application/pdf', size: 900, uploadedAt: '2030-03-01T15:00:00.000Z', fromManagement: false, previewable: true },
  ],
  members: [
    { ...member(30, 'Casey Chair', true), vote: 'approve', comment: 'Flush with the roof.', votedAt: '2030-03-02T10:00:00.000Z' },
    member(ME, 'Alex Board'),
    member(32, 'Jamie Ellis'),
  ],
  history: [{ at: '2030-03-02T10:00:00.000Z', userId: 30, name: 'Casey Chair', action: 'vote', vote: 'approve', outcome: null, comment: 'Flush with the roof.', conditions: null }],
  canVote: true, canDecide: false,
};
const voted = {
  ...open, votes: { approve: 1, decline: 1, members: 3 }, myVote: 'decline',
  members: [open.members[0], { ...member(ME, 'Alex Board'), vote: 'decline', comment: 'Wiring first.', votedAt: '2030-03-03T09:00:00.000Z' }, open.members[2]],
  history: [...open.history, { at: '2030-03-03T09:00:00.000Z', userId: ME, name: 'Alex Board', action: 'vote', vote: 'decline', outcome: null, comment: 'Wiring first.', conditions: null }],
};
const retracted = {
  ...open,
  history: [...voted.history, { at: '2030-03-04T09:00:00.000Z', userId: ME, name: 'Alex Board', action: 'retract', vote: null, outcome: null, comment: null, conditions: null }],
};
const decided = {
  ...voted, step: 'decided', status: 'approvedWithConditions', canVote: false, canDecide: false,
  decision: { outcome: 'approvedWithConditions', conditions: 'Run the wiring inside.', comment: null, decidedAt: '2030-03-05T09:00:00.000Z', decidedBy: 'Casey Chair' },
  history: [...voted.history, { at: '2030-03-05T09:00:00.000Z', userId: 30, name: 'Casey Chair', action: 'decision', vote: null, outcome: 'approvedWithConditions', comment: null, conditions: 'Run the wiring inside.' }],
};
const conversation = {
  messages: [
    { id: 1, body: 'How does the wiring run?', sentAt: '2030-03-02T11:00:00.000Z', authorName: 'Jamie Ellis', from: 'board' },
    { id: 2, body: 'Inside the attic.', sentAt: '2030-03-02T12:00:00.000Z', authorName: 'Priya Shah', from: 'homeowner' },
  ],
};
const alreadyDecided = fail(409, { status: 409, title: 'Conflict', detail: 'This request was already decided; its votes are closed.', errorCode: 'ARC001' });

const answers = { getBoardArcRequest: open, listBoardArcMessages: conversation, voteOnArcRequest: voted, retractArcVote: retracted, decideArcRequest: decided };
const start = (options: FakeHostOptions = {}) => {
  const host = createFakeHost({ answers, route: { id: '77' }, session: { userId: ME }, ...options });
  return { host, flow: runFlow('board-arc', host, { coverage }) };
};
async function ready(flow: FlowRun) {
  await flow.settle();
  expect(flow.state()).toBe('ready');
}
const arcOf = (flow: FlowRun) => flow.context().arc as ReturnType<typeof shownArc>;

describe('shownArc', () => {
  it('says who has not voted, the member\'s own vote for the form, and which files are pictures', () => {
    const page = shownArc(voted as never, ME);
    expect(page).toMatchObject({
      notVotedCount: 1, notVotedNames: 'Jamie Ellis', someNotVoted: true, everyoneVoted: false,
      hasMyVote: true, noVoteYet: false, myVoteForm: { vote: 'decline', comment: 'Wiring first.' }, canRetract: true, votingClosed: false,
      isDecided: false, awaitingDecision: true,
    });
    expect(page.attachments.map((file) => [file.name, file.isImage])).toEqual([['Panel layout.png', true], ['Wiring.pdf', false]]);
    expect(page.members.map((m) => [m.name, m.approves, m.declines, m.notVoted, m.hasComment])).toEqual([
      ['Casey Chair', true, false, false, true], ['Alex Board', false, true, false, true], ['Jamie Ellis', false, false, true, false],
    ]);
  });

  it('a member without a vote gets an empty form and nothing to retract', () => {
    expect(shownArc(open as never, ME)).toMatchObject({ hasMyVote: false, noVoteYet: true, myVoteForm: null, canRetract: false, notVotedNames: 'Alex Board, Jamie Ellis' });
  });

  it('a request without files has no attachments page to open', () => {
    expect(shownArc(open as never, ME).hasAttachments).toBe(true);
    expect(shownArc({ ...open, attachments: [] } as never, ME).hasAttachments).toBe(false);
  });

  it('marks each history entry by what it was, and a decided request as closed', () => {
    const page = shownArc(decided as never, 30);
    expect(page).toMatchObject({ isDecided: true, awaitingDecision: false, votingClosed: true, canRetract: false, decision: { hasConditions: true, hasComment: false } });
    expect(page.history.map((entry) => [entry.votedApprove, entry.votedDecline, entry.decidedWithConditions, entry.hasConditions])).toEqual([
      [true, false, false, false], [false, true, false, false], [false, false, true, true],
    ]);
    const edits = shownArc({ ...retracted, history: [...retracted.history, { ...voted.history[1], action: 'edit', vote: 'approve' }] } as never, ME).history;
    expect(edits.map((entry) => [entry.retracted, entry.editedApprove, entry.editedDecline])).toEqual([[false, false, false], [false, false, false], [true, false, false], [false, true, false]]);
  });

  it('marks whose each message is', () => {
    expect(shownMessages([...conversation.messages, { id: 3, body: 'Noted.', sentAt: '2030-03-02T13:00:00.000Z', authorName: 'Dana Brooks', from: 'management' }] as never)
      .map((m) => [m.fromBoard, m.fromApplicant, m.fromManagement])).toEqual([[true, false, false], [false, true, false], [false, false, true]]);
  });
});

describe('board-arc flow', () => {
  it('reads the request of the address and its conversation', async () => {
    const { host, flow } = start();
    expect(flow.state()).toBe('loading');
    await ready(flow);
    expect(host.callsTo('getBoardArcRequest')).toEqual([{ params: { id: 77 }, suppressToast: true }]);
    expect(host.callsTo('listBoardArcMessages')).toEqual([{ params: { id: 77 }, suppressToast: true }]);
    expect(arcOf(flow)).toMatchObject({ subject: 'Solar panels on the south roof', noVoteYet: true });
    expect(flow.context().messages).toHaveLength(2);
  });

  it('a request that cannot be read says so, and is read again on Try again', async () => {
    const { host, flow } = start({ answers: { ...answers, listBoardArcMessages: fail(404, { status: 404, title: 'Not Found', detail: 'Request not found', errorCode: 'HRQ404' }) } });
    await flow.settle();
    expect(flow.state()).toBe('failed');
    expect(flow.context().error).toMatchObject({ code: 'HRQ404' });
    host.answers.listBoardArcMessages = conversation;
    flow.send({ type: 'RETRY' });
    await ready(flow);
    expect(flow.context().error).toBeNull();
  });

  it('records a vote with its comment and shows the request the server answers', async () => {
    const { host, flow } = start();
    await ready(flow);
    flow.send({ type: 'VOTE', data: { vote: 'decline', comment: 'Wiring first.' } });
    expect(flow.state()).toBe('voting');
    await ready(flow);
    expect(host.callsTo('voteOnArcRequest')).toEqual([{ params: { id: 77 }, body: { vote: 'decline', comment: 'Wiring first.' }, suppressToast: true }]);
    expect(arcOf(flow)).toMatchObject({ hasMyVote: true, myVoteForm: { vote: 'decline', comment: 'Wiring first.' } });
    expect(host.toasts).toEqual([{ status: 'success', titleKey: 'boardArc.voteSaved' }]);
  });

  it('retracts a vote only after the confirmation; keeping it changes nothing', async () => {
    const { host, flow } = start({ answers: { ...answers, getBoardArcRequest: voted } });
    await ready(flow);
    flow.send({ type: 'RETRACT' });
    expect(flow.state()).toBe('confirmingRetraction');
    expect(flow.context().retractionAsked).toBe(true);
    flow.send({ type: 'KEEP' });
    expect(flow.state()).toBe('ready');
    expect(flow.context().retractionAsked).toBe(false);
    expect(host.callsTo('retractArcVote')).toEqual([]);

    flow.send({ type: 'RETRACT' });
    flow.send({ type: 'CONFIRM' });
    expect(flow.state()).toBe('retracting');
    await ready(flow);
    expect(host.callsTo('retractArcVote')).toEqual([{ params: { id: 77 }, suppressToast: true }]);
    expect(flow.context().retractionAsked).toBe(false);
    expect(arcOf(flow)).toMatchObject({ hasMyVote: false, noVoteYet: true, myVoteForm: null });
    expect(host.toasts).toEqual([{ status: 'success', titleKey: 'boardArc.voteRetracted' }]);
  });

  it('a retraction refused (no vote left) is said in the vote section and the page is read again', async () => {
    const { host, flow } = start({ answers: { ...answers, getBoardArcRequest: voted, retractArcVote: fail(409, { status: 409, title: 'Conflict', detail: 'You have no vote to retract.', errorCode: 'ARC002' }) } });
    await ready(flow);
    host.answers.getBoardArcRequest = retracted;
    flow.send({ type: 'RETRACT' });
    flow.send({ type: 'CONFIRM' });
    await flow.settle();
    expect(flow.state()).toBe('ready');
    expect(flow.context()).toMatchObject({ voteRefused: true, decisionRefused: false, messageRefused: false, retractionAsked: false, refusal: { code: 'ARC002', text: 'You have no vote to retract.' } });
    expect(arcOf(flow)).toMatchObject({ noVoteYet: true });
    expect(host.callsTo('getBoardArcRequest')).toHaveLength(2);
    expect(host.toasts).toEqual([]);
  });

  it('a vote after the decision is refused in the vote section; the page then shows the decision', async () => {
    const { host, flow } = start({ answers: { ...answers, voteOnArcRequest: alreadyDecided } });
    await ready(flow);
    host.answers.getBoardArcRequest = decided;
    flow.send({ type: 'VOTE', data: { vote: 'approve' } });
    await flow.settle();
    expect(flow.state()).toBe('ready');
    expect(flow.context()).toMatchObject({ voteRefused: true, refusal: { code: 'ARC001' } });
    expect(arcOf(flow)).toMatchObject({ isDecided: true, votingClosed: true });
    // The next action starts without the old refusal.
    flow.send({ type: 'WRITE' });
    expect(flow.context()).toMatchObject({ voteRefused: false, refusal: null, composing: true });
  });

  it('a refusal whose page cannot be read again still shows the refusal', async () => {
    const { host, flow } = start({ answers: { ...answers, decideArcRequest: alreadyDecided } });
    await ready(flow);
    host.answers.getBoardArcRequest = fail(503, { status: 503, title: 'Service Unavailable', detail: 'Try later' });
    flow.send({ type: 'DECIDE', data: { outcome: 'declined' } });
    await flow.settle();
    expect(flow.state()).toBe('ready');
    expect(flow.context()).toMatchObject({ decisionRefused: true, voteRefused: false, refusal: { code: 'ARC001' } });
    expect(arcOf(flow)).toMatchObject({ isDecided: false });
  });

  it('the chair\'s decision sends the outcome with its conditions and shows the closed request', async () => {
    const { host, flow } = start({ answers: { ...answers, getBoardArcRequest: { ...voted, canDecide: true } }, session: { userId: 30 } });
    await ready(flow);
    flow.send({ type: 'DECIDE', data: { outcome: 'approvedWithConditions', conditions: 'Run the wiring inside.' } });
    expect(flow.state()).toBe('deciding');
    await ready(flow);
    expect(host.callsTo('decideArcRequest')).toEqual([{ params: { id: 77 }, body: { outcome: 'approvedWithConditions', conditions: 'Run the wiring inside.' }, suppressToast: true }]);
    expect(arcOf(flow)).toMatchObject({ isDecided: true, votingClosed: true, canDecide: false, decision: { decidedBy: 'Casey Chair' } });
    expect(host.toasts).toEqual([{ status: 'success', titleKey: 'boardArc.decisionSaved' }]);
  });

  it('writes to the applicant in a window that closes when the message is sent', async () => {
    const sent = { messages: [...conversation.messages, { id: 3, body: 'Thank you.', sentAt: '2030-03-03T08:00:00.000Z', authorName: 'Alex Board', from: 'board' }] };
    const { host, flow } = start({ answers: { ...answers, postBoardArcMessage: sent } });
    await ready(flow);
    flow.send({ type: 'WRITE' });
    expect(flow.state()).toBe('writing');
    flow.send({ type: 'CLOSE' });
    expect(flow.state()).toBe('ready');
    expect(flow.context().composing).toBe(false);

    flow.send({ type: 'WRITE' });
    flow.send({ type: 'SEND', data: { body: 'Thank you.' } });
    expect(flow.state()).toBe('posting');
    await ready(flow);
    expect(host.callsTo('postBoardArcMessage')).toEqual([{ body: { requestId: 77, body: 'Thank you.' }, suppressToast: true }]);
    expect(flow.context().composing).toBe(false);
    expect(flow.context().messages).toHaveLength(3);
    expect(host.toasts).toEqual([{ status: 'success', titleKey: 'boardArc.messageSent' }]);
  });

  it('a message that cannot be sent keeps the window open with the reason', async () => {
    const { host, flow } = start({ answers: { ...answers, postBoardArcMessage: fail(400, { status: 400, title: 'Bad Request', detail: 'Message is required.', errorCode: 'MSG001' }) } });
    await ready(flow);
    flow.send({ type: 'WRITE' });
    flow.send({ type: 'SEND', data: { body: 'Hello' } });
    await flow.settle();
    expect(flow.state()).toBe('writing');
    expect(flow.context()).toMatchObject({ composing: true, messageRefused: true, refusal: { code: 'MSG001' } });
    expect(host.toasts).toEqual([]);
  });
});

it('board-arc flow: every state is reached and every operation outcome is taken by a test above', () => {
  expect(coverage.missing()).toEqual([]);
});
