import { describe, expect, it } from 'vitest';
import { shownThread } from '../../../flows/messages.ts';
import { createFakeHost, fail, runFlow, trackCoverage, type FakeHostOptions, type FlowRun } from '../support/flow-harness.ts';

const coverage = trackCoverage('message-thread');

const session = { userId: 5107 };
const thread = {
  id: 812, subject: 'Gate code', associationId: 3, associationName: 'Cedar Ridge Community Association', homeownerName: 'Jordan Rivera',
  createdAt: '2030-03-10T14:00:00.000Z', lastMessageAt: '2030-03-11T09:30:00.000Z',
  messages: [
    { id: 4401, body: 'What is the new gate code?', sentAt: '2030-03-10T14:00:00.000Z', authorName: 'Jordan Rivera', fromManagement: false },
    { id: 4402, body: 'It is 4821, changed on March 1.', sentAt: '2030-03-11T09:30:00.000Z', authorName: 'Dana Brooks', fromManagement: true },
  ],
};
const withReply = (id: number, body: string) => ({
  ...thread, lastMessageAt: '2030-03-11T10:00:00.000Z',
  messages: [...thread.messages, { id, body, sentAt: '2030-03-11T10:00:00.000Z', authorName: 'Jordan Rivera', fromManagement: false }],
});
const answers = { getMessageThread: thread, replyToMessageThread: withReply(4403, 'Thanks!') };
const start = (options: FakeHostOptions = {}) => {
  const host = createFakeHost({ answers, session, route: { id: '812' }, ...options });
  return { host, flow: runFlow('message-thread', host, { coverage }) };
};
async function ready(flow: FlowRun) {
  await flow.settle();
  expect(flow.state()).toBe('ready');
}
const messageIds = (flow: FlowRun) => (flow.context().thread as { messages: { id: number }[] }).messages.map((message) => message.id);

describe('shownThread', () => {
  it('marks which messages are the homeowner\'s', () => {
    expect(shownThread(thread as never)).toEqual({
      ...thread,
      messages: [{ ...thread.messages[0], fromHomeowner: true }, { ...thread.messages[1], fromHomeowner: false }],
    });
    expect(shownThread({ ...thread, messages: [] } as never).messages).toEqual([]);
  });
});

describe('message-thread flow', () => {
  it('reads the thread of the address, oldest message first', async () => {
    const { host, flow } = start();
    expect(flow.state()).toBe('loading');
    await ready(flow);
    expect(host.callsTo('getMessageThread')).toEqual([{ params: { id: '812' }, suppressToast: true }]);
    expect(flow.context().thread).toEqual(shownThread(thread as never));
  });

  it('a thread that cannot be read shows the error and is read again on request', async () => {
    const { host, flow } = start({ answers: { ...answers, getMessageThread: fail(404, { status: 404, title: 'Not Found', detail: 'Thread not found', errorCode: 'MSG404' }) } });
    await flow.settle();
    expect(flow.state()).toBe('failed');
    expect(flow.context()).toMatchObject({ thread: null, error: { code: 'MSG404', status: 404 } });
    host.answers.getMessageThread = thread;
    flow.send({ type: 'RETRY' });
    await ready(flow);
    expect(flow.context()).toMatchObject({ error: null, thread: { id: 812 } });
  });

  it('sends a reply and shows the thread the server answers, then another one', async () => {
    const { host, flow } = start();
    await ready(flow);
    flow.send({ type: 'SUBMIT', data: { body: 'Thanks!' } });
    expect(flow.state()).toBe('replying');
    await flow.settle();
    expect(flow.state()).toBe('sent');
    expect(host.callsTo('replyToMessageThread')).toEqual([{ params: { id: '812' }, body: { body: 'Thanks!' }, suppressToast: true }]);
    expect(messageIds(flow)).toEqual([4401, 4402, 4403]);
    expect(flow.context()).toMatchObject({ replyBody: null, error: null });
    expect(host.toasts).toEqual([{ status: 'success', titleKey: 'messages.replySent' }]);
    expect(host.callsTo('getMessageThread')).toHaveLength(1);

    host.answers.replyToMessageThread = { ...withReply(4403, 'Thanks!'), messages: [...withReply(4403, 'Thanks!').messages, { ...thread.messages[0], id: 4404, body: 'See you Saturday.' }] };
    flow.send({ type: 'SUBMIT', data: { body: 'See you Saturday.' } });
    await flow.settle();
    expect(flow.state()).toBe('sent');
    expect(messageIds(flow)).toEqual([4401, 4402, 4403, 4404]);
    expect(host.toasts).toHaveLength(2);
  });

  it('a reply that cannot be sent keeps its text, with the error; the thread stays as it was', async () => {
    const { host, flow } = start({ answers: { ...answers, replyToMessageThread: fail(400, { status: 400, title: 'Bad Request', detail: 'Message is required.', errorCode: 'MSG001' }) } });
    await ready(flow);
    flow.send({ type: 'SUBMIT', data: { body: ' ' } });
    await ready(flow);
    expect(flow.context()).toMatchObject({ replyBody: ' ', error: { code: 'MSG001', text: 'Message is required.', status: 400 } });
    expect(messageIds(flow)).toEqual([4401, 4402]);
    expect(host.toasts).toEqual([]);
    host.answers.replyToMessageThread = fail(500, { status: 500, title: 'Internal Server Error', detail: 'Something went wrong' });
    flow.send({ type: 'SUBMIT', data: { body: 'Thanks!' } });
    await ready(flow);
    expect(flow.context()).toMatchObject({ replyBody: 'Thanks!', error: { status: 500 } });
  });
});

it('message-thread flow: every state is reached and every operation outcome is taken by a test above', () => {
  expect(coverage.missing()).toEqual([]);
});
