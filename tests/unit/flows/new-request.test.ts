import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestBody } from '../../../flows/requests.ts';
import { createFakeHost, fail, runFlow, trackCoverage, type FakeHostOptions, type FlowRun } from '../support/flow-harness.ts';

const coverage = trackCoverage('new-request');

const session = {
  userId: 5107,
  selectedProperty: { propertyId: 21, accountNumber: '100234' },
  selectedAssociation: { id: 2, name: 'Maple Grove HOA' },
  accounts: [{ accountNumber: '100234', subLedgerId: 7, subLedgerName: 'Assessments', currentBalanceCents: 20_000, blocked: false }],
};
const options = {
  kinds: ['general', 'architectural', 'reservation'],
  commonAreas: [{ id: 5, name: 'Clubhouse' }, { id: 6, name: 'Pool pavilion' }],
  architecturalTypes: [{ id: 'fence', name: 'Fence' }, { id: 'solar', name: 'Solar panels' }],
};
const created = {
  id: 320, kind: 'general', subject: 'Streetlight out', description: 'The light at Maple Grove Ln and Oak St is out.', status: 'open',
  submittedAt: '2030-03-10T14:00:00.000Z', associationId: 2, associationName: 'Maple Grove HOA', accountNumber: '100234',
  address: '1420 Maple Grove Ln, Charlotte, NC 28202', homeownerName: 'Jordan Rivera', replyCount: 0, lastReplyAt: null, replies: [],
};
const answers = { getHomeownerRequestOptions: options, createHomeownerRequest: created };
const start = (overrides: FakeHostOptions = {}) => {
  const host = createFakeHost({ answers, session, ...overrides });
  return { host, flow: runFlow('new-request', host, { coverage }) };
};
async function ready(flow: FlowRun) {
  await flow.settle();
  expect(flow.state()).toBe('ready');
}
const general = { kind: 'general', subject: 'Streetlight out', description: 'The light at Maple Grove Ln and Oak St is out.' } as const;
const reservationDraft = {
  kind: 'reservation', subject: 'Clubhouse for a birthday party', description: 'About 25 guests.',
  commonAreaId: 5, reservationDate: '2030-03-14', startTime: '18:00', endTime: '22:30',
} as const;

afterEach(() => { vi.unstubAllEnvs(); });

describe('requestBody', () => {
  it('sends only the kind\'s own fields: a general request leaves out what the form kept for other kinds', () => {
    expect(requestBody({ ...general, architecturalType: 'fence', commonAreaId: 5, reservationDate: '2030-03-14', startTime: '18:00', endTime: '22:00' }, '100234'))
      .toEqual({ accountNumber: '100234', kind: 'general', subject: 'Streetlight out', description: 'The light at Maple Grove Ln and Oak St is out.' });
    const architectural = requestBody({ ...general, kind: 'architectural', subject: 'New fence', architecturalType: 'fence', commonAreaId: 5, reservationDate: '2030-03-14', startTime: '18:00', endTime: '22:00' }, '100234');
    expect(architectural).toEqual({ accountNumber: '100234', kind: 'architectural', subject: 'New fence', description: general.description, architecturalType: 'fence' });
    expect(requestBody({ ...reservationDraft, architecturalType: 'fence' }, '100234')).not.toHaveProperty('architecturalType');
  });

  it('turns the reservation\'s local date and times into ISO instants', () => {
    expect(requestBody(reservationDraft, '100234')).toEqual({
      accountNumber: '100234', kind: 'reservation', subject: 'Clubhouse for a birthday party', description: 'About 25 guests.',
      reservation: { commonAreaId: 5, start: new Date(2030, 2, 14, 18, 0).toISOString(), end: new Date(2030, 2, 14, 22, 30).toISOString() },
    });
  });

  it('reads the times in the homeowner\'s time zone (New York, daylight time from March 10, 2030; Los Angeles)', () => {
    vi.stubEnv('TZ', 'America/New_York');
    expect(requestBody(reservationDraft, '100234').reservation).toEqual({ commonAreaId: 5, start: '2030-03-14T22:00:00.000Z', end: '2030-03-15T02:30:00.000Z' });
    expect(requestBody({ ...reservationDraft, reservationDate: '2030-01-09' }, '100234').reservation).toMatchObject({ start: '2030-01-09T23:00:00.000Z' });
    vi.stubEnv('TZ', 'America/Los_Angeles');
    expect(requestBody(reservationDraft, '100234').reservation).toMatchObject({ start: '2030-03-15T01:00:00.000Z', end: '2030-03-15T05:30:00.000Z' });
  });

  it('sends no reservation until its date and both times are given', () => {
    expect(requestBody({ ...reservationDraft, endTime: undefined }, '100234')).not.toHaveProperty('reservation');
    expect(requestBody({ ...reservationDraft, reservationDate: '' }, '100234')).not.toHaveProperty('reservation');
  });
});

describe('new-request flow', () => {
  it('a member without an account on the selected property is told so and nothing is loaded', () => {
    const { host, flow } = start({ session: { ...session, selectedProperty: { propertyId: -2, accountNumber: null } } });
    expect(flow.state()).toBe('noAccount');
    expect(host.calls).toEqual([]);
  });

  it('loads the account\'s choices: common areas and architectural types as options', async () => {
    const { host, flow } = start();
    await ready(flow);
    expect(host.callsTo('getHomeownerRequestOptions')).toEqual([{ query: { accountNumber: '100234' }, suppressToast: true }]);
    expect(flow.context()).toMatchObject({
      options,
      kindOptions: options.kinds.map((kind: string) => ({ value: kind, label: `requests.kind_${kind}` })),
      areaOptions: [{ value: 5, label: 'Clubhouse' }, { value: 6, label: 'Pool pavilion' }],
      typeOptions: [{ value: 'fence', label: 'Fence' }, { value: 'solar', label: 'Solar panels' }],
    });
  });

  it('starts as a general request holding the words the address brings (?subject, ?description), each within its field\'s limit', async () => {
    const { flow } = start({ query: { subject: 'Can I land a helicopter on my driveway?', description: 'x'.repeat(6000) } });
    await ready(flow);
    expect(flow.context().draft).toEqual({ kind: 'general', subject: 'Can I land a helicopter on my driveway?', description: 'x'.repeat(5000) });
    const blank = start({ query: { subject: '  ' } });
    await ready(blank.flow);
    expect(blank.flow.context().draft).toBeNull();
  });

  it('choices that cannot be loaded show the error and are loaded again on request', async () => {
    const { host, flow } = start({ answers: { ...answers, getHomeownerRequestOptions: fail(500, { status: 500, title: 'Internal Server Error', detail: 'Something went wrong' }) } });
    await flow.settle();
    expect(flow.state()).toBe('failed');
    expect(flow.context().error).toMatchObject({ status: 500 });
    host.answers.getHomeownerRequestOptions = options;
    flow.send({ type: 'RETRY' });
    await ready(flow);
    expect(flow.context().error).toBeNull();
    expect(host.callsTo('getHomeownerRequestOptions')).toHaveLength(2);
  });

  it('submits a request on the selected account, offers to attach files to it, then opens the new request\'s own page', async () => {
    const { host, flow } = start();
    await ready(flow);
    flow.send({ type: 'SUBMIT', data: general });
    await flow.settle();
    expect(flow.state()).toBe('attaching');
    expect(host.callsTo('createHomeownerRequest')).toEqual([{ body: { accountNumber: '100234', ...general }, suppressToast: true }]);
    expect(host.toasts).toEqual([{ status: 'success', titleKey: 'newRequest.submitted' }]);
    expect(flow.context().created).toEqual({ id: 320, subject: 'Streetlight out', isArchitectural: false, path: '/community/requests/320' });
    expect(host.navigations).toEqual([]);
    // The page's upload sends the stored attachment; the page's list reads itself again.
    flow.send({ type: 'UPLOADED', data: { id: 41, name: 'Streetlight.png', contentType: 'image/png', size: 2048, uploadedAt: '2030-03-10T14:01:00.000Z', fromManagement: false, previewable: true } });
    expect(flow.state()).toBe('attaching');
    expect(host.toasts).toEqual([{ status: 'success', titleKey: 'newRequest.submitted' }, { status: 'success', titleKey: 'newRequest.attached' }]);
    expect(host.calls.map((call) => call.operationId)).toEqual(['getHomeownerRequestOptions', 'createHomeownerRequest']);
    flow.send({ type: 'DONE' });
    expect(flow.state()).toBe('done');
    expect(host.navigations).toEqual(['/community/requests/320']);
  });

  it('an architectural request is marked so that the page says plans and photos help the board', async () => {
    const { flow } = start({ answers: { ...answers, createHomeownerRequest: { ...created, id: 321, kind: 'architectural', subject: 'New fence' } } });
    await ready(flow);
    flow.send({ type: 'SUBMIT', data: { ...general, kind: 'architectural', subject: 'New fence', architecturalType: 'fence' } });
    await flow.settle();
    expect(flow.state()).toBe('attaching');
    expect(flow.context().created).toEqual({ id: 321, subject: 'New fence', isArchitectural: true, path: '/community/requests/321' });
  });

  it('submits a reservation with its instants', async () => {
    vi.stubEnv('TZ', 'America/New_York');
    const { host, flow } = start();
    await ready(flow);
    flow.send({ type: 'SUBMIT', data: reservationDraft });
    await flow.settle();
    expect(flow.state()).toBe('attaching');
    expect(host.callsTo('createHomeownerRequest')[0].body).toEqual({
      accountNumber: '100234', kind: 'reservation', subject: 'Clubhouse for a birthday party', description: 'About 25 guests.',
      reservation: { commonAreaId: 5, start: '2030-03-14T22:00:00.000Z', end: '2030-03-15T02:30:00.000Z' },
    });
  });

  it('a reservation overlapping another is refused: the form keeps what was typed, with the error, and nothing navigates', async () => {
    const { host, flow } = start({
      answers: { ...answers, createHomeownerRequest: fail(409, { status: 409, title: 'Conflict', detail: 'The clubhouse is already reserved at that time.', errorCode: 'HRQ005' }) },
    });
    await ready(flow);
    flow.send({ type: 'SUBMIT', data: reservationDraft });
    await ready(flow);
    expect(flow.context()).toMatchObject({ draft: reservationDraft, error: { code: 'HRQ005', status: 409, text: 'The clubhouse is already reserved at that time.' } });
    expect(host.toasts).toEqual([]);
    expect(host.navigations).toEqual([]);
    host.answers.createHomeownerRequest = fail(400, {
      status: 400, title: 'Bad Request', detail: 'The reservation must start in the future.', errorCode: 'HRQ003',
    });
    flow.send({ type: 'SUBMIT', data: { ...reservationDraft, reservationDate: '2020-03-14' } });
    await ready(flow);
    expect(flow.context()).toMatchObject({ draft: { reservationDate: '2020-03-14' }, error: { code: 'HRQ003' } });
    host.answers.createHomeownerRequest = created;
    flow.send({ type: 'SUBMIT', data: general });
    await flow.settle();
    expect(flow.state()).toBe('attaching');
    expect(host.callsTo('createHomeownerRequest')).toHaveLength(3);
  });
});

it('new-request flow: every state is reached and every operation outcome is taken by a test above', () => {
  expect(coverage.missing()).toEqual([]);
});
