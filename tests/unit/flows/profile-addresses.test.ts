import { describe, expect, it } from 'vitest';
import { listedAddress } from '../../../flows/profile-settings.ts';
import { createFakeHost, fail, runFlow, trackCoverage, type FakeHostOptions, type FlowRun } from '../support/flow-harness.ts';

const coverage = trackCoverage('profile-addresses');

const session = { userId: 5107 };
const home = {
  id: 61, label: 'Home', international: false, street: '1420 Maple Grove Ln', street2: 'Apt 3B', city: 'Charlotte', state: 'NC', zip: '28202',
  country: '', province: '', postalCode: '', primary: true,
};
const abroad = {
  id: 62, label: 'Summer', international: true, street: '12 Rue des Lilas', street2: '', city: 'Montréal', state: '', zip: '',
  country: 'Canada', province: 'QC', postalCode: 'H2X 1Y4', primary: false,
};
const homeowner = { userId: 5107, firstName: 'Jordan', lastName: 'Rivera', loginEmail: 'jordan@rivera.example', contacts: [], addresses: [home, abroad] };
const answers = {
  getHomeowner: homeowner,
  createAddress: { ...home, id: 63, primary: false },
  updateAddress: home,
  deleteAddress: null,
};
const start = (options: FakeHostOptions = {}) => {
  const host = createFakeHost({ answers, session, ...options });
  return { host, flow: runFlow('profile-addresses', host, { coverage }) };
};
async function ready(flow: FlowRun) {
  await flow.settle();
  expect(flow.state()).toBe('ready');
}
const domesticDraft = { label: 'Office', international: false, street: '200 S Tryon St', city: 'Charlotte', state: 'NC', zip: '28202-1234', primary: false };
const down = fail(500, { status: 500, title: 'Internal Server Error', detail: 'Something went wrong' });

describe('listedAddress', () => {
  it('writes a domestic address on one line with its state and zip', () => {
    expect(listedAddress(home as never)).toEqual({ ...home, lines: '1420 Maple Grove Ln, Apt 3B, Charlotte, NC 28202' });
    expect(listedAddress({ ...home, street2: '' } as never).lines).toBe('1420 Maple Grove Ln, Charlotte, NC 28202');
  });

  it('writes an international address with its province, postal code and country, leaving out what is empty', () => {
    expect(listedAddress(abroad as never).lines).toBe('12 Rue des Lilas, Montréal, QC, H2X 1Y4, Canada');
    expect(listedAddress({ ...abroad, province: '' } as never).lines).toBe('12 Rue des Lilas, Montréal, H2X 1Y4, Canada');
  });
});

describe('profile-addresses flow', () => {
  it('loads the signed-in homeowner\'s addresses as the page lists them', async () => {
    const { host, flow } = start();
    expect(flow.state()).toBe('loading');
    await ready(flow);
    expect(host.callsTo('getHomeowner')).toEqual([{ params: { id: 5107 }, suppressToast: true }]);
    expect(flow.context().addresses).toEqual([listedAddress(home as never), listedAddress(abroad as never)]);
  });

  it('a profile that cannot be read shows the error and tries again on request', async () => {
    const { host, flow } = start({ answers: { ...answers, getHomeowner: down } });
    await flow.settle();
    expect(flow.state()).toBe('failed');
    expect(flow.context().error).toMatchObject({ status: 500, text: 'Something went wrong' });
    host.answers.getHomeowner = homeowner;
    flow.send({ type: 'RETRY' });
    await ready(flow);
    expect(flow.context()).toMatchObject({ error: null, addresses: [{ id: 61 }, { id: 62 }] });
  });

  it('adds an address with the form\'s values, then lists the addresses again', async () => {
    const { host, flow } = start();
    await ready(flow);
    flow.send({ type: 'ADD' });
    expect(flow.state()).toBe('adding');
    flow.send({ type: 'SUBMIT', data: domesticDraft });
    await ready(flow);
    expect(host.callsTo('createAddress')).toEqual([{ params: { id: 5107 }, body: domesticDraft, suppressToast: true }]);
    expect(host.toasts).toEqual([{ status: 'success', titleKey: 'profile.addressAdded' }]);
    expect(host.callsTo('getHomeowner')).toHaveLength(2);
    expect(flow.context().body).toBeNull();
  });

  it('an address the server refuses keeps the form open with the fields at fault; cancel leaves nothing behind', async () => {
    const invalid = fail(400, {
      status: 400, title: 'Bad Request', detail: 'Validation failed', errorCode: 'VAL001',
      fields: { state: 'Please enter a valid 2-letter state code.', zip: 'Please enter a valid zip code (12345 or 12345-6789).' },
    });
    const { host, flow } = start({ answers: { ...answers, createAddress: invalid } });
    await ready(flow);
    flow.send({ type: 'ADD' });
    flow.send({ type: 'SUBMIT', data: { ...domesticDraft, state: 'XX', zip: '2820' } });
    await flow.settle();
    expect(flow.state()).toBe('adding');
    expect(flow.context().error).toMatchObject({
      code: 'VAL001', text: 'Validation failed', status: 400,
      fields: ['Please enter a valid 2-letter state code.', 'Please enter a valid zip code (12345 or 12345-6789).'],
    });
    flow.send({ type: 'CANCEL' });
    expect(flow.state()).toBe('ready');
    expect(flow.context().error).toBeNull();
    expect(host.toasts).toEqual([]);
    expect(host.callsTo('getHomeowner')).toHaveLength(1);
  });

  it('changes an address, starting the form from it, and replaces it with the form\'s values', async () => {
    const { host, flow } = start();
    await ready(flow);
    flow.send({ type: 'EDIT', id: 62 });
    expect(flow.state()).toBe('editing');
    expect(flow.context().editing).toEqual(listedAddress(abroad as never));
    const changed = { label: 'Summer', international: true, street: '12 Rue des Lilas', city: 'Montréal', country: 'Canada', province: 'QC', postalCode: 'H2X 1Y5', primary: true };
    // The form started from the listed address keeps its other fields (id, lines): they are not sent.
    flow.send({ type: 'SUBMIT', data: { ...changed, id: 62, lines: '12 Rue des Lilas, Montréal' } });
    await ready(flow);
    const [sent] = host.callsTo('updateAddress') as { body: Record<string, unknown> }[];
    expect(sent).toEqual({ params: { id: 5107, aid: 62 }, body: changed, suppressToast: true });
    expect(Object.keys(JSON.parse(JSON.stringify(sent.body))).sort()).toEqual(Object.keys(changed).sort());
    expect(host.toasts).toEqual([{ status: 'success', titleKey: 'profile.addressSaved' }]);
    expect(flow.context()).toMatchObject({ editing: null, body: null });
  });

  it('a change refused stays on the form with the error; cancel drops the address being changed', async () => {
    const { host, flow } = start({ answers: { ...answers, updateAddress: fail(404, { status: 404, title: 'Not Found', detail: 'Address not found', errorCode: 'ADR404' }) } });
    await ready(flow);
    flow.send({ type: 'EDIT', id: 61 });
    flow.send({ type: 'SUBMIT', data: { ...domesticDraft, label: 'Home' } });
    await flow.settle();
    expect(flow.state()).toBe('editing');
    expect(flow.context()).toMatchObject({ error: { code: 'ADR404', status: 404 }, editing: { id: 61 } });
    flow.send({ type: 'CANCEL' });
    expect(flow.state()).toBe('ready');
    expect(flow.context()).toMatchObject({ editing: null, error: null });
    expect(host.toasts).toEqual([]);
  });

  it('removes an address after asking; keep asks nothing of the server; a failed removal shows the error', async () => {
    const { host, flow } = start();
    await ready(flow);
    flow.send({ type: 'REMOVE', id: 62, label: 'Summer' });
    expect(flow.state()).toBe('confirmingRemoval');
    expect(flow.context().pendingRemoval).toEqual({ id: 62, label: 'Summer' });
    flow.send({ type: 'KEEP' });
    expect(flow.state()).toBe('ready');
    expect(flow.context().pendingRemoval).toBeNull();
    expect(host.callsTo('deleteAddress')).toEqual([]);

    flow.send({ type: 'REMOVE', id: 62, label: 'Summer' });
    flow.send({ type: 'CONFIRM' });
    await ready(flow);
    expect(host.callsTo('deleteAddress')).toEqual([{ params: { id: 5107, aid: 62 }, suppressToast: true }]);
    expect(host.toasts).toEqual([{ status: 'success', titleKey: 'profile.addressRemoved' }]);
    expect(host.callsTo('getHomeowner')).toHaveLength(2);

    host.answers.deleteAddress = down;
    flow.send({ type: 'REMOVE', id: 61, label: 'Home' });
    flow.send({ type: 'CONFIRM' });
    await ready(flow);
    expect(flow.context()).toMatchObject({ pendingRemoval: null, error: { status: 500 } });
    expect(host.toasts).toHaveLength(1);
    expect(host.callsTo('getHomeowner')).toHaveLength(2);
  });
});

it('profile-addresses flow: every state is reached and every operation outcome is taken by a test above', () => {
  expect(coverage.missing()).toEqual([]);
});
