import { describe, expect, it } from 'vitest';
import { writableAssociations } from '../../../flows/messages.ts';
import { createFakeHost, fail, runFlow, trackCoverage, type FakeHostOptions } from '../support/flow-harness.ts';

const coverage = trackCoverage('messages');

const address = { address1: '1420 Maple Grove Ln', address2: '', city: 'Charlotte', stateProvince: 'NC', postalCode: '28202' };
const mapleGrove = { id: 2, code: 'MGHOA', name: 'Maple Grove HOA', properties: [{ propertyId: 21, ownerId: 5107, accountNumber: '100234', address }] };
const cedarRidge = {
  id: 3, code: 'CRCA', name: 'Cedar Ridge Community Association',
  properties: [{ propertyId: 34, ownerId: 5107, accountNumber: '200871', address: { ...address, address1: '88 Cedar Ridge Ct' } }],
};
/** A board member's association without properties: its placeholder property has a negative id. */
const boardOnly = { id: 4, code: 'OHCA', name: 'Oak Hollow Condominium Association', properties: [{ propertyId: -4, ownerId: -4, accountNumber: '', address }] };
const session = { userId: 5107, associations: [mapleGrove, cedarRidge, boardOnly], selectedAssociation: { id: 3, name: 'Cedar Ridge Community Association' } };
const thread = {
  id: 812, subject: 'Gate code', associationId: 3, associationName: 'Cedar Ridge Community Association', homeownerName: 'Jordan Rivera',
  createdAt: '2030-03-10T14:00:00.000Z', lastMessageAt: '2030-03-10T14:00:00.000Z',
  messages: [{ id: 4401, body: 'What is the new gate code?', sentAt: '2030-03-10T14:00:00.000Z', authorName: 'Jordan Rivera', fromManagement: false }],
};
const answers = { createMessageThread: thread };
const start = (options: FakeHostOptions = {}) => {
  const host = createFakeHost({ answers, session, ...options });
  return { host, flow: runFlow('messages', host, { coverage }) };
};
const draft = { associationId: 3, subject: 'Gate code', body: 'What is the new gate code?' };

describe('writableAssociations', () => {
  it('offers the associations where the homeowner owns a property, not one with only a placeholder property', () => {
    expect(writableAssociations(session)).toEqual([
      { value: 2, label: 'Maple Grove HOA' },
      { value: 3, label: 'Cedar Ridge Community Association' },
    ]);
    expect(writableAssociations({ associations: [boardOnly] })).toEqual([]);
    expect(writableAssociations({})).toEqual([]);
  });

  it('offers an association where one of several properties is real', () => {
    const mixed = { ...boardOnly, properties: [...boardOnly.properties, { propertyId: 40, ownerId: 5107, accountNumber: '300112', address }] };
    expect(writableAssociations({ associations: [mixed] })).toEqual([{ value: 4, label: 'Oak Hollow Condominium Association' }]);
  });
});

describe('messages flow', () => {
  it('a new thread offers the writable associations, starting with the selected one', () => {
    const { host, flow } = start();
    expect(flow.state()).toBe('listing');
    flow.send({ type: 'NEW' });
    expect(flow.state()).toBe('composing');
    expect(flow.context()).toMatchObject({
      associationOptions: [{ value: 2, label: 'Maple Grove HOA' }, { value: 3, label: 'Cedar Ridge Community Association' }],
      draft: { associationId: 3 },
    });
    expect(host.calls).toEqual([]);
  });

  it('with a selected association the homeowner cannot write to, starts with the first one they can; with none, with no choice', () => {
    const board = start({ session: { ...session, selectedAssociation: { id: 4, name: 'Oak Hollow Condominium Association' } } });
    board.flow.send({ type: 'NEW' });
    expect(board.flow.context().draft).toEqual({ associationId: 2 });
    const none = start({ session: { ...session, associations: [boardOnly], selectedAssociation: { id: 4 } } });
    none.flow.send({ type: 'NEW' });
    expect(none.flow.context()).toMatchObject({ associationOptions: [], draft: null });
  });

  it('opened with words to send (?subject, ?message), shows the new thread\'s form holding them, each within its limit', () => {
    const { host, flow } = start({ query: { subject: 'x'.repeat(130), message: 'Can I land a helicopter on my driveway?' } });
    expect(flow.state()).toBe('composing');
    expect(flow.context().draft).toEqual({ associationId: 3, subject: 'x'.repeat(120), body: 'Can I land a helicopter on my driveway?' });
    expect(host.calls).toEqual([]);
    // A subject alone is not a message to send: the list, as always.
    expect(start({ query: { subject: 'Gate code' } }).flow.state()).toBe('listing');
  });

  it('starts a thread with management and opens it', async () => {
    const { host, flow } = start();
    flow.send({ type: 'NEW' });
    flow.send({ type: 'SUBMIT', data: draft });
    expect(flow.state()).toBe('starting');
    await flow.settle();
    expect(flow.state()).toBe('started');
    expect(host.callsTo('createMessageThread')).toEqual([{ body: draft, suppressToast: true }]);
    expect(flow.context().threadPath).toBe('/my/messages/812');
    expect(host.toasts).toEqual([{ status: 'success', titleKey: 'messages.sent' }]);
    expect(host.navigations).toEqual(['/my/messages/812']);
  });

  it('a thread the server refuses keeps the form with what was typed and the error; cancel leaves nothing behind', async () => {
    const { host, flow } = start({
      answers: { createMessageThread: fail(400, { status: 400, title: 'Bad Request', detail: 'Subject is required.', errorCode: 'MSG002' }) },
    });
    flow.send({ type: 'NEW' });
    flow.send({ type: 'SUBMIT', data: { ...draft, subject: '  ' } });
    await flow.settle();
    expect(flow.state()).toBe('composing');
    expect(flow.context()).toMatchObject({ draft: { ...draft, subject: '  ' }, error: { code: 'MSG002', text: 'Subject is required.', status: 400 } });
    expect(host.toasts).toEqual([]);
    expect(host.navigations).toEqual([]);
    flow.send({ type: 'CANCEL' });
    expect(flow.state()).toBe('listing');
    expect(flow.context()).toMatchObject({ draft: null, error: null, threadPath: null });
    expect(host.callsTo('createMessageThread')).toHaveLength(1);
  });
});

it('messages flow: every state is reached and every operation outcome is taken by a test above', () => {
  expect(coverage.missing()).toEqual([]);
});
