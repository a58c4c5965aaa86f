import { describe, expect, it } from 'vitest';
import { createFakeHost, fail, runFlow, trackCoverage } from '../support/flow-harness.ts';

const coverage = trackCoverage('todo-check');

// A board member checks a to-do item off, or opens it again, from its row of the to-do grid.
const open = { id: 4, title: 'Renew the pool permit', dueDate: '2030-02-01', done: false, doneBy: null, doneAt: null };
const done = { ...open, done: true, doneBy: 'Board Member', doneAt: '2030-01-10T15:00:00.000Z' };
const session = { selectedAssociation: { id: 2, name: 'Maple Grove HOA' } };
const start = (answers = {}) => {
  const host = createFakeHost({ answers: { updateBoardToDo: done, ...answers }, session });
  return { host, flow: runFlow('todo-check', host, { coverage }) };
};

describe('todo-check flow', () => {
  it('checks an item off for the selected association, with a toast', async () => {
    const { host, flow } = start();
    flow.send({ type: 'MARK_DONE', data: open });
    await flow.settle();
    expect(host.callsTo('updateBoardToDo')).toEqual([{ params: { id: 2, todoId: 4 }, body: { done: true }, suppressToast: true }]);
    expect(flow.state()).toBe('listing');
    expect(host.toasts).toEqual([expect.objectContaining({ status: 'success', titleKey: 'boardLists.todoMarkedDone' })]);
  });

  it('opens a done item again', async () => {
    const { host, flow } = start({ updateBoardToDo: open });
    flow.send({ type: 'REOPEN', data: done });
    await flow.settle();
    expect(host.callsTo('updateBoardToDo')).toEqual([expect.objectContaining({ params: { id: 2, todoId: 4 }, body: { done: false } })]);
    expect(host.toasts).toEqual([expect.objectContaining({ titleKey: 'boardLists.todoReopened' })]);
  });

  it('shows the refusal over the list, and the next change clears it', async () => {
    const { host, flow } = start({ updateBoardToDo: fail(404, { errorCode: 'TODO404', detail: 'To-do item not found' }) });
    flow.send({ type: 'MARK_DONE', data: open });
    await flow.settle();
    expect(flow.state()).toBe('listing');
    expect(flow.context().error).toMatchObject({ code: 'TODO404', text: 'To-do item not found' });
    expect(host.toasts).toEqual([]);
    host.answers.updateBoardToDo = done;
    flow.send({ type: 'MARK_DONE', data: open });
    await flow.settle();
    expect(flow.context().error).toBeNull();
  });
});

it('todo-check flow: every state is reached and every operation outcome is taken by a test above', () => {
  expect(coverage.missing()).toEqual([]);
});
