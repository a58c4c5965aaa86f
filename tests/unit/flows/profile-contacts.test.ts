import { describe, expect, it } from 'vitest';
import { listedContact } from '../../../flows/profile-settings.ts';
import { createFakeHost, fail, runFlow, trackCoverage, type FakeHostOptions, type FlowRun } from '../support/flow-harness.ts';

const coverage = trackCoverage('profile-contacts');

const session = { userId: 5107 };
const workEmail = { id: 41, type: 'email', label: 'Work', value: 'jordan.rivera@northwind.example', primary: true, communicationPreference: 'paperAndEmail' };
const homeEmail = { id: 42, type: 'email', label: 'Home', value: 'jordan@rivera.example', primary: false, communicationPreference: 'email' };
const mobile = { id: 43, type: 'phone', label: 'Mobile', value: '(704) 555-0182', primary: true, communicationPreference: 'text' };
const homeowner = {
  userId: 5107, firstName: 'Jordan', lastName: 'Rivera', loginEmail: 'jordan@rivera.example',
  contacts: [workEmail, homeEmail, mobile],
  addresses: [],
};
const answers = {
  getHomeowner: homeowner,
  createContact: { ...homeEmail, id: 44 },
  updateContact: homeEmail,
  deleteContact: null,
};
const start = (options: FakeHostOptions = {}) => {
  const host = createFakeHost({ answers, session, ...options });
  return { host, flow: runFlow('profile-contacts', host, { coverage }) };
};
async function ready(flow: FlowRun) {
  await flow.settle();
  expect(flow.state()).toBe('ready');
}
const invalid = fail(400, {
  status: 400, title: 'Bad Request', detail: 'Validation failed', errorCode: 'VAL001',
  fields: { value: 'Please enter a valid email address format.', label: 'Label is required.' },
});

describe('listedContact', () => {
  it('tells an e-mail from a phone and names the one preference that applies', () => {
    expect(listedContact(workEmail as never)).toEqual({
      ...workEmail, email: true, phone: false, prefEmail: false, prefPaper: false, prefPaperAndEmail: true, prefText: false,
    });
    expect(listedContact(mobile as never)).toMatchObject({ email: false, phone: true, prefText: true, prefPaper: false, prefEmail: false });
    expect(listedContact({ ...mobile, communicationPreference: 'paper' } as never)).toMatchObject({ prefPaper: true, prefText: false });
  });
});

describe('profile-contacts flow', () => {
  it('loads the signed-in homeowner\'s contacts as the page lists them', async () => {
    const { host, flow } = start();
    expect(flow.state()).toBe('loading');
    await ready(flow);
    expect(host.callsTo('getHomeowner')).toEqual([{ params: { id: 5107 }, suppressToast: true }]);
    expect(flow.context().contacts).toEqual([workEmail, homeEmail, mobile].map((contact) => listedContact(contact as never)));
    expect(flow.context().error).toBeNull();
  });

  it('a profile that cannot be read shows the error and tries again on request', async () => {
    const { host, flow } = start({ answers: { ...answers, getHomeowner: fail(500, { status: 500, title: 'Internal Server Error', detail: 'Something went wrong' }) } });
    await flow.settle();
    expect(flow.state()).toBe('failed');
    expect(flow.context().error).toEqual({ code: undefined, text: 'Something went wrong', status: 500 });
    host.answers.getHomeowner = homeowner;
    flow.send({ type: 'RETRY' });
    await ready(flow);
    expect(flow.context().error).toBeNull();
    expect(host.callsTo('getHomeowner')).toHaveLength(2);
  });

  it('adds an e-mail address, then lists the contacts again', async () => {
    const { host, flow } = start();
    await ready(flow);
    flow.send({ type: 'ADD_EMAIL' });
    expect(flow.state()).toBe('addingEmail');
    flow.send({ type: 'SUBMIT', data: { label: 'Home', value: 'jordan@rivera.example', primary: false, communicationPreference: 'email' } });
    await ready(flow);
    expect(host.callsTo('createContact')).toEqual([{
      params: { id: 5107 },
      body: { type: 'email', label: 'Home', value: 'jordan@rivera.example', primary: false, communicationPreference: 'email' },
      suppressToast: true,
    }]);
    expect(host.toasts).toEqual([{ status: 'success', titleKey: 'profile.contactAdded' }]);
    expect(host.callsTo('getHomeowner')).toHaveLength(2);
    expect(flow.context().body).toBeNull();
  });

  it('adds a phone number as a phone, whatever the form sends besides its fields', async () => {
    const { host, flow } = start();
    await ready(flow);
    flow.send({ type: 'ADD_PHONE' });
    expect(flow.state()).toBe('addingPhone');
    flow.send({ type: 'SUBMIT', data: { label: 'Mobile', value: '+44 20 7946 0958', primary: true, communicationPreference: 'text', type: 'email' } });
    await ready(flow);
    expect(host.callsTo('createContact')).toEqual([{
      params: { id: 5107 },
      body: { type: 'phone', label: 'Mobile', value: '+44 20 7946 0958', primary: true, communicationPreference: 'text' },
      suppressToast: true,
    }]);
    expect(host.toasts.at(-1)).toMatchObject({ status: 'success', titleKey: 'profile.contactAdded' });
  });

  it('a contact the server refuses keeps the form open with the fields at fault; cancel leaves nothing behind', async () => {
    const { host, flow } = start({ answers: { ...answers, createContact: invalid } });
    await ready(flow);
    flow.send({ type: 'ADD_EMAIL' });
    flow.send({ type: 'SUBMIT', data: { label: '', value: 'jordan@', primary: false, communicationPreference: 'email' } });
    await flow.settle();
    expect(flow.state()).toBe('addingEmail');
    expect(flow.context().error).toMatchObject({
      code: 'VAL001', text: 'Validation failed', status: 400, fields: ['Please enter a valid email address format.', 'Label is required.'],
    });
    flow.send({ type: 'CANCEL' });
    expect(flow.state()).toBe('ready');
    expect(flow.context().error).toBeNull();

    flow.send({ type: 'ADD_PHONE' });
    flow.send({ type: 'SUBMIT', data: { label: 'Mobile', value: '555-0182', primary: false, communicationPreference: 'paper' } });
    await flow.settle();
    expect(flow.state()).toBe('addingPhone');
    expect(flow.context().error).toMatchObject({ code: 'VAL001', status: 400 });
    flow.send({ type: 'CANCEL' });
    expect(flow.state()).toBe('ready');
    expect(flow.context().error).toBeNull();
    expect(host.toasts).toEqual([]);
    expect(host.callsTo('getHomeowner')).toHaveLength(1);
  });

  it('changes a contact, starting the form from it, and sends the fields of a contact but not its type', async () => {
    const { host, flow } = start();
    await ready(flow);
    flow.send({ type: 'EDIT', id: 42 });
    expect(flow.state()).toBe('editing');
    expect(flow.context().editing).toEqual(listedContact(homeEmail as never));
    flow.send({ type: 'SUBMIT', data: { ...listedContact(homeEmail as never), label: 'Personal', primary: true, communicationPreference: 'paper' } });
    await ready(flow);
    expect(host.callsTo('updateContact')).toEqual([{
      params: { id: 5107, cid: 42 },
      body: { label: 'Personal', value: 'jordan@rivera.example', primary: true, communicationPreference: 'paper' },
      suppressToast: true,
    }]);
    expect(host.toasts).toEqual([{ status: 'success', titleKey: 'profile.contactSaved' }]);
    expect(flow.context()).toMatchObject({ editing: null, body: null });
  });

  it('a change refused stays on the form with the error; cancel drops the contact being changed', async () => {
    const { host, flow } = start({ answers: { ...answers, updateContact: fail(404, { status: 404, title: 'Not Found', detail: 'Contact not found', errorCode: 'CON404' }) } });
    await ready(flow);
    flow.send({ type: 'EDIT', id: 43 });
    flow.send({ type: 'SUBMIT', data: { label: 'Cell', value: '(704) 555-0182', primary: true, communicationPreference: 'text' } });
    await flow.settle();
    expect(flow.state()).toBe('editing');
    expect(flow.context()).toMatchObject({ error: { code: 'CON404', text: 'Contact not found', status: 404 }, editing: { id: 43 } });
    flow.send({ type: 'CANCEL' });
    expect(flow.state()).toBe('ready');
    expect(flow.context()).toMatchObject({ editing: null, error: null });
    expect(host.toasts).toEqual([]);
  });

  it('removes a contact after asking; keep asks nothing of the server', async () => {
    const { host, flow } = start();
    await ready(flow);
    flow.send({ type: 'REMOVE', id: 43, label: 'Mobile', value: '(704) 555-0182' });
    expect(flow.state()).toBe('confirmingRemoval');
    expect(flow.context().pendingRemoval).toEqual({ id: 43, label: 'Mobile', value: '(704) 555-0182' });
    flow.send({ type: 'KEEP' });
    expect(flow.state()).toBe('ready');
    expect(flow.context().pendingRemoval).toBeNull();
    expect(host.callsTo('deleteContact')).toEqual([]);

    flow.send({ type: 'REMOVE', id: 43, label: 'Mobile', value: '(704) 555-0182' });
    flow.send({ type: 'CONFIRM' });
    await ready(flow);
    expect(host.callsTo('deleteContact')).toEqual([{ params: { id: 5107, cid: 43 }, suppressToast: true }]);
    expect(host.toasts).toEqual([{ status: 'success', titleKey: 'profile.contactRemoved' }]);
    expect(host.callsTo('getHomeowner')).toHaveLength(2);
    expect(flow.context().pendingRemoval).toBeNull();
  });

  it('a removal that fails shows the error and forgets the contact it was removing', async () => {
    const { host, flow } = start({ answers: { ...answers, deleteContact: fail(500, { status: 500, title: 'Internal Server Error', detail: 'Something went wrong' }) } });
    await ready(flow);
    flow.send({ type: 'REMOVE', id: 41, label: 'Work', value: 'jordan.rivera@northwind.example' });
    flow.send({ type: 'CONFIRM' });
    await ready(flow);
    expect(flow.context()).toMatchObject({ pendingRemoval: null, error: { status: 500, text: 'Something went wrong' } });
    expect(host.toasts).toEqual([]);
    expect(host.callsTo('getHomeowner')).toHaveLength(1);
  });
});

it('profile-contacts flow: every state is reached and every operation outcome is taken by a test above', () => {
  expect(coverage.missing()).toEqual([]);
});
