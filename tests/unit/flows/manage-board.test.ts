import { describe, expect, it } from 'vitest';
import { shownBoard, shownCandidates } from '../../../flows/manage-board.ts';
import { createFakeHost, fail, runFlow, trackCoverage } from '../support/flow-harness.ts';

const coverage = trackCoverage('manage-board');

// An association's board in the console: the members with each one's buttons, candidates, changes.
const chair = { userId: 5, email: 'chair@example.com', firstName: 'Casey', lastName: 'Morgan', chair: true, ownsHome: false, since: '2026-01-01T00:00:00.000Z' };
const member = { userId: 6, email: 'board@example.com', firstName: 'Taylor', lastName: 'Brooks', chair: false, ownsHome: true, since: '2026-01-02T00:00:00.000Z' };
const board = { association: { id: 1, code: 'maplegrove', name: 'Maple Grove HOA' }, members: [chair, member] };
const jordan = { userId: 9, email: 'homeowner@example.com', firstName: 'Jordan', lastName: 'Rivera', ownsHome: true };
const start = (answers = {}, isAdmin = true) => {
  const host = createFakeHost({
    answers: { getAssociationBoard: board, listBoardCandidates: { candidates: [jordan, { ...member, chair: undefined, since: undefined }] }, ...answers },
    session: { userId: 7, isManagementAdmin: isAdmin },
    route: { associationId: '1' },
  });
  return { host, flow: runFlow('manage-board', host, { coverage }) };
};

describe('shownBoard and shownCandidates', () => {
  it('gives an admin Make chair only while the board has no chair, and staff no buttons', () => {
    expect(shownBoard(board as never, true).members).toMatchObject([
      { name: 'Casey Morgan', canEndChair: true, canMakeChair: false, canRemove: true, noHome: true },
      { name: 'Taylor Brooks', canEndChair: false, canMakeChair: false, canRemove: true, noHome: false },
    ]);
    const chairless = shownBoard({ ...board, members: [{ ...chair, chair: false }, member] } as never, true);
    expect(chairless).toMatchObject({ hasChair: false, noChair: true, members: [{ canMakeChair: true }, { canMakeChair: true }] });
    expect(shownBoard(board as never, 'admin').members.every((m) => !m.canRemove && !m.canMakeChair && !m.canEndChair)).toBe(true);
    expect(shownBoard({ ...board, members: [] } as never, true)).toMatchObject({ noChair: false, hasChair: false });
  });

  it('leaves out candidates already on the board', () => {
    expect(shownCandidates([jordan, { ...jordan, userId: 6 }] as never, [member])).toEqual([{ ...jordan, name: 'Jordan Rivera', noHome: false }]);
  });
});

describe('manage-board flow', () => {
  it('reads the board and, for an admin, the owners who could join it', async () => {
    const { host, flow } = start();
    await flow.settle();
    expect(flow.state()).toBe('ready');
    expect(host.callsTo('getAssociationBoard')).toEqual([expect.objectContaining({ params: { associationId: '1' } })]);
    expect(host.callsTo('listBoardCandidates')).toEqual([expect.objectContaining({ params: { associationId: '1' }, query: { search: '' } })]);
    expect(flow.context()).toMatchObject({ association: { name: 'Maple Grove HOA' }, hasChair: true, candidates: [{ name: 'Jordan Rivera' }], hasSearched: true });
  });

  it('staff only read the board', async () => {
    const { host, flow } = start({}, false);
    await flow.settle();
    expect(flow.state()).toBe('ready');
    expect(host.callsTo('listBoardCandidates')).toEqual([]);
    expect(flow.context()).toMatchObject({ members: [{ canRemove: false }, { canRemove: false }] });
  });

  it('a board that cannot be read waits for a retry', async () => {
    const { host, flow } = start({ getAssociationBoard: fail(404, { errorCode: 'GP001' }) });
    await flow.settle();
    expect(flow.state()).toBe('failed');
    host.answers.getAssociationBoard = board;
    flow.send({ type: 'RETRY' });
    await flow.settle();
    expect(flow.state()).toBe('ready');
  });

  it('searches, adds a candidate and reads the board again; a refused search is said', async () => {
    const joined = { ...board, members: [chair, member, { ...jordan, chair: false, since: '2026-11-29T00:00:00.000Z' }] };
    const { host, flow } = start({ addBoardMember: { ...jordan, chair: false, since: '2026-11-29T00:00:00.000Z' } });
    await flow.settle();
    flow.send({ type: 'SEARCH', data: { search: ' rivera ' } });
    await flow.settle();
    expect(host.callsTo('listBoardCandidates').at(-1)).toEqual(expect.objectContaining({ query: { search: 'rivera' } }));
    host.answers.getAssociationBoard = joined;
    flow.send({ type: 'ADD', candidate: { ...jordan, name: 'Jordan Rivera' } });
    await flow.settle();
    expect(host.callsTo('addBoardMember')).toEqual([expect.objectContaining({ params: { associationId: '1' }, body: { userId: 9 } })]);
    expect(host.toasts).toEqual([expect.objectContaining({ titleKey: 'manageBoard.addedToast', description: 'Jordan Rivera' })]);
    // Jordan is on the board now: no longer a candidate.
    expect(flow.context()).toMatchObject({ candidates: [], member: null });
    host.answers.listBoardCandidates = fail(500);
    flow.send({ type: 'SEARCH', data: {} });
    await flow.settle();
    expect(flow.context()).toMatchObject({ refused: true, search: '' });
  });

  it('a refused addition is said above the board, which is read again', async () => {
    const { host, flow } = start({ addBoardMember: fail(409, { errorCode: 'BRD003' }) });
    await flow.settle();
    flow.send({ type: 'ADD', candidate: { ...jordan, name: 'Jordan Rivera' } });
    await flow.settle();
    expect(flow.context()).toMatchObject({ refused: true, refusal: { code: 'BRD003' } });
    expect(host.callsTo('getAssociationBoard')).toHaveLength(2);
  });

  it('adds someone new by name and e-mail; a refusal stays with the form', async () => {
    const { host, flow } = start({ addBoardMember: { userId: 20, email: 'rae@example.com', firstName: 'Rae', lastName: 'Member', chair: false, ownsHome: false, since: '2026-11-29T00:00:00.000Z' } });
    await flow.settle();
    flow.send({ type: 'ADD_PERSON', data: { firstName: 'Rae', lastName: 'Member', email: 'rae@example.com' } });
    await flow.settle();
    expect(host.callsTo('addBoardMember')).toEqual([expect.objectContaining({ body: { person: { firstName: 'Rae', lastName: 'Member', email: 'rae@example.com' } } })]);
    expect(host.toasts).toEqual([expect.objectContaining({ titleKey: 'manageBoard.addedToast', description: 'rae@example.com' })]);
    host.answers.addBoardMember = fail(409, { errorCode: 'BRD005' });
    flow.send({ type: 'ADD_PERSON', data: { firstName: 'L', lastName: 'O', email: 'lakeside.owner@example.com' } });
    await flow.settle();
    expect(flow.state()).toBe('ready');
    expect(flow.context()).toMatchObject({ error: { code: 'BRD005' }, refused: false });
  });

  it('removes only after the confirmation', async () => {
    const { host, flow } = start({ removeBoardMember: null });
    await flow.settle();
    const taylor = shownBoard(board as never, true).members[1];
    flow.send({ type: 'REMOVE', member: taylor });
    expect(flow.state()).toBe('confirmingRemoval');
    expect(flow.context()).toMatchObject({ confirmingRemoval: true, member: { userId: 6 } });
    flow.send({ type: 'CANCEL' });
    expect(flow.state()).toBe('ready');
    expect(host.callsTo('removeBoardMember')).toEqual([]);
    flow.send({ type: 'REMOVE', member: taylor });
    flow.send({ type: 'CONFIRM' });
    await flow.settle();
    expect(host.callsTo('removeBoardMember')).toEqual([expect.objectContaining({ params: { associationId: '1', userId: 6 } })]);
    expect(host.toasts).toEqual([expect.objectContaining({ titleKey: 'manageBoard.removedToast', description: 'Taylor Brooks' })]);
    host.answers.removeBoardMember = fail(404, { errorCode: 'BRD001' });
    flow.send({ type: 'REMOVE', member: taylor });
    flow.send({ type: 'CONFIRM' });
    await flow.settle();
    expect(flow.context()).toMatchObject({ refused: true, refusal: { code: 'BRD001' } });
  });

  it('makes a member chair and ends a term; a refusal is said, the board read again', async () => {
    const { host, flow } = start({ updateBoardMember: member });
    await flow.settle();
    const [casey, taylor] = shownBoard(board as never, true).members;
    flow.send({ type: 'END_CHAIR', member: casey });
    await flow.settle();
    flow.send({ type: 'MAKE_CHAIR', member: taylor });
    await flow.settle();
    expect(host.callsTo('updateBoardMember').map((c) => [c.params, c.body])).toEqual([
      [{ associationId: '1', userId: 5 }, { chair: false }],
      [{ associationId: '1', userId: 6 }, { chair: true }],
    ]);
    host.answers.updateBoardMember = fail(409, { errorCode: 'BRD004' });
    host.answers.getAssociationBoard = fail(500);
    flow.send({ type: 'MAKE_CHAIR', member: taylor });
    await flow.settle();
    expect(flow.state()).toBe('ready');
    expect(flow.context()).toMatchObject({ refused: true, refusal: { code: 'BRD004' } });
  });
});

it('every state and operation outcome is reached', () => expect(coverage.missing()).toEqual([]));
