import { describe, expect, it } from 'vitest';
import { shownRequest } from '../../../flows/requests.ts';
import { createFakeHost, fail, runFlow, trackCoverage, type FakeHostOptions, type FlowRun } from '../support/flow-harness.ts';

const coverage = trackCoverage('requests');

const session = { userId: 5107, selectedAssociation: { id: 2, name: 'Maple Grove HOA' } };
const reservation = {
  id: 318, kind: 'reservation', subject: 'Clubhouse for a birthday party', description: 'About 25 guests, no music after 9 pm.',
  status: 'tentative', submittedAt: '2030-03-01T15:12:00.000Z', associationId: 2, associationName: 'Maple Grove HOA',
  accountNumber: '100234', address: '1420 Maple Grove Ln, Charlotte, NC 28202', homeownerName: 'Jordan Rivera',
  reservation: { id: 77, commonAreaId: 5, area: 'Clubhouse', start: '2030-03-14T22:00:00.000Z', end: '2030-03-15T02:00:00.000Z', status: 'tentative' },
  replyCount: 2, lastReplyAt: '2030-03-02T13:40:00.000Z',
  replies: [
    { id: 901, body: 'Is the kitchen included?', sentAt: '2030-03-01T16:00:00.000Z', authorName: 'Jordan Rivera', fromManagement: false },
    { id: 902, body: 'Yes, the kitchen is included.', sentAt: '2030-03-02T13:40:00.000Z', authorName: 'Dana Brooks', fromManagement: true },
  ],
};
const fence = {
  ...reservation, id: 319, kind: 'architectural', subject: 'New backyard fence', description: 'Six-foot cedar privacy fence.', status: 'open',
  architectural: { type: 'fence', step: 'submitted', dueDate: '2030-04-01' }, reservation: undefined, replyCount: 0, lastReplyAt: null, replies: [],
};
const replied = {
  ...reservation, replyCount: 3, lastReplyAt: '2030-03-03T10:00:00.000Z',
  replies: [...reservation.replies, { id: 903, body: 'Thank you!', sentAt: '2030-03-03T10:00:00.000Z', authorName: 'Jordan Rivera', fromManagement: false }],
};
const answers = { getHomeownerRequest: reservation, replyToHomeownerRequest: replied };
const start = (options: FakeHostOptions = {}) => {
  const host = createFakeHost({ answers, session, ...options });
  return { host, flow: runFlow('requests', host, { coverage }) };
};
/** The page of one request: /community/requests/:id (the route's id is text). */
const open = (id: string, options: FakeHostOptions = {}) => start({ ...options, route: { id } });
async function viewing(flow: FlowRun) {
  await flow.settle();
  expect(flow.state()).toBe('viewing');
}

describe('shownRequest', () => {
  it('marks a reservation and whose each reply is', () => {
    const shown = shownRequest(reservation as never);
    expect(shown).toMatchObject({ id: 318, isReservation: true, isArchitectural: false, reservation: { area: 'Clubhouse' } });
    expect(shown.replies.map((reply) => [reply.id, reply.fromHomeowner])).toEqual([[901, true], [902, false]]);
  });

  it('marks an architectural request; one without replies has none', () => {
    expect(shownRequest(fence as never)).toMatchObject({ isReservation: false, isArchitectural: true, architectural: { type: 'fence' }, replies: [] });
    expect(shownRequest({ ...fence, kind: 'general', architectural: undefined } as never)).toMatchObject({ isReservation: false, isArchitectural: false });
  });
});

describe('requests flow', () => {
  it('lists the last 36 months until the homeowner asks for all, asking nothing of the server itself', () => {
    const { host, flow } = start();
    expect(flow.state()).toBe('listing');
    expect(flow.context()).toMatchObject({ period: 'last36Months', openId: null, request: null });
    flow.send({ type: 'PERIOD', data: { period: 'all' } });
    expect(flow.state()).toBe('listing');
    expect(flow.context().period).toBe('all');
    expect(host.calls).toEqual([]);
  });

  it('at the address of a request, reads it and shows it with its replies', async () => {
    const { host, flow } = open('318');
    expect(flow.state()).toBe('opening');
    await viewing(flow);
    expect(host.callsTo('getHomeownerRequest')).toEqual([{ params: { id: '318' }, suppressToast: true }]);
    expect(flow.context()).toMatchObject({ openId: '318', request: shownRequest(reservation as never) });
  });

  it('a PDF or picture is shown in the page while it is named, and closing forgets it', async () => {
    const { host, flow } = open('318');
    await viewing(flow);
    flow.send({ type: 'PREVIEW', id: 41, name: 'Fence plan.pdf', contentType: 'application/pdf' });
    expect(flow.state()).toBe('viewing');
    expect(flow.context().preview).toEqual({ id: 41, name: 'Fence plan.pdf', contentType: 'application/pdf' });
    flow.send({ type: 'CLOSE_PREVIEW' });
    expect(flow.context().preview).toBeNull();
    // The page's widgets read the file and the list themselves.
    expect(host.calls.map((call) => call.operationId)).toEqual(['getHomeownerRequest']);
  });

  it('a file attached on the page is acknowledged and the request stays open', async () => {
    const { host, flow } = open('318');
    await viewing(flow);
    flow.send({ type: 'UPLOADED', data: { id: 43, name: 'Guest list.txt', contentType: 'text/plain', size: 120, uploadedAt: '2030-03-02T10:00:00.000Z', fromManagement: false, previewable: false } });
    expect(flow.state()).toBe('viewing');
    expect(host.toasts).toEqual([{ status: 'success', titleKey: 'requests.attached' }]);
    expect(flow.context()).toMatchObject({ openId: '318', request: { id: 318 } });
  });

  it('a request that cannot be read says so with the error, and is read again on request', async () => {
    const { host, flow } = open('999', { answers: { ...answers, getHomeownerRequest: fail(404, { status: 404, title: 'Not Found', detail: 'Request not found', errorCode: 'HRQ404' }) } });
    await flow.settle();
    expect(flow.state()).toBe('failed');
    expect(flow.context()).toMatchObject({ request: null, error: { code: 'HRQ404', text: 'Request not found', status: 404 } });
    host.answers.getHomeownerRequest = reservation;
    flow.send({ type: 'RETRY' });
    await viewing(flow);
    expect(flow.context()).toMatchObject({ error: null, request: { id: 318 } });
  });

  it('sends a reply, then reads the request again so that the form starts empty', async () => {
    const { host, flow } = open('318');
    await viewing(flow);
    host.answers.getHomeownerRequest = replied;
    flow.send({ type: 'SUBMIT', data: { body: 'Thank you!' } });
    await viewing(flow);
    expect(host.callsTo('replyToHomeownerRequest')).toEqual([{ params: { id: '318' }, body: { body: 'Thank you!' }, suppressToast: true }]);
    expect(host.toasts).toEqual([{ status: 'success', titleKey: 'requests.replySent' }]);
    expect(host.callsTo('getHomeownerRequest')).toEqual([{ params: { id: '318' }, suppressToast: true }, { params: { id: '318' }, suppressToast: true }]);
    expect(flow.context()).toMatchObject({ replyBody: null, request: { replyCount: 3 } });
    expect((flow.context().request as { replies: unknown[] }).replies).toHaveLength(3);
  });

  it('a reply sent whose request cannot be read again says so with the error', async () => {
    const { host, flow } = open('318');
    await viewing(flow);
    host.answers.getHomeownerRequest = fail(500, { status: 500, title: 'Internal Server Error', detail: 'Something went wrong' });
    flow.send({ type: 'SUBMIT', data: { body: 'Thank you!' } });
    await flow.settle();
    expect(flow.state()).toBe('failed');
    expect(flow.context()).toMatchObject({ replyBody: null, error: { status: 500 } });
  });

  it('a reply that cannot be sent stays on the request with the error and keeps its text', async () => {
    const { host, flow } = open('318', { answers: { ...answers, replyToHomeownerRequest: fail(400, { status: 400, title: 'Bad Request', detail: 'Message is required.', errorCode: 'MSG001' }) } });
    await viewing(flow);
    flow.send({ type: 'SUBMIT', data: { body: '   ' } });
    await viewing(flow);
    expect(flow.context()).toMatchObject({ replyBody: '   ', error: { code: 'MSG001', text: 'Message is required.' }, request: { id: 318 } });
    expect(host.toasts).toEqual([]);
    expect(host.callsTo('getHomeownerRequest')).toHaveLength(1);
    host.answers.replyToHomeownerRequest = fail(500, { status: 500, title: 'Internal Server Error', detail: 'Something went wrong' });
    flow.send({ type: 'SUBMIT', data: { body: 'Thank you!' } });
    await viewing(flow);
    expect(flow.context()).toMatchObject({ replyBody: 'Thank you!', error: { status: 500 } });
  });
});

it('requests flow: every state is reached and every operation outcome is taken by a test above', () => {
  expect(coverage.missing()).toEqual([]);
});
