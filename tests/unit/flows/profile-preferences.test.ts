import { describe, expect, it } from 'vitest';
import { preferenceFields } from '../../../flows/profile-settings.ts';
import { createFakeHost, fail, runFlow, trackCoverage, type FakeHostOptions, type FlowRun } from '../support/flow-harness.ts';

const coverage = trackCoverage('profile-preferences');

const session = { userId: 5107 };
const stored = {
  sendPaymentConfirmationEmail: true, receivePayBillingText: false, billingTextNotificationsAvailable: true, directorySet: true,
  directory: { name: true, phone: true, email: false, mailingAddress: false, title: true }, directoryTitle: 'Treasurer',
};
const neverSet = {
  sendPaymentConfirmationEmail: true, receivePayBillingText: false, billingTextNotificationsAvailable: false, directorySet: false,
  directory: { name: true, phone: false, email: false, mailingAddress: false, title: false }, directoryTitle: null,
};
const saved = {
  ...stored, receivePayBillingText: true, directory: { name: true, phone: true, email: true, mailingAddress: true, title: false }, directoryTitle: null,
};
const answers = { getPreferences: stored, updatePreferences: saved };
const start = (options: FakeHostOptions = {}) => {
  const host = createFakeHost({ answers, session, ...options });
  return { host, flow: runFlow('profile-preferences', host, { coverage }) };
};
async function ready(flow: FlowRun) {
  await flow.settle();
  expect(flow.state()).toBe('ready');
}
const formData = {
  billingTextNotificationsAvailable: true, sendPaymentConfirmationEmail: true, receivePayBillingText: true,
  showName: true, showPhone: true, showEmail: true, showMailingAddress: true, showTitle: false, directoryTitle: '',
};

describe('preferenceFields', () => {
  it('flattens the directory choices into the form\'s show* fields', () => {
    expect(preferenceFields(stored as never)).toEqual({
      sendPaymentConfirmationEmail: true, receivePayBillingText: false, billingTextNotificationsAvailable: true,
      showName: true, showPhone: true, showEmail: false, showMailingAddress: false, showTitle: true, directoryTitle: 'Treasurer',
    });
  });

  it('gives an empty title when none is stored (never chosen: listed by name only)', () => {
    expect(preferenceFields(neverSet as never)).toMatchObject({
      showName: true, showPhone: false, showEmail: false, showMailingAddress: false, showTitle: false, directoryTitle: '', billingTextNotificationsAvailable: false,
    });
  });
});

describe('profile-preferences flow', () => {
  it('loads the preferences as the form\'s fields', async () => {
    const { host, flow } = start();
    expect(flow.state()).toBe('loading');
    await ready(flow);
    expect(host.callsTo('getPreferences')).toEqual([{ params: { id: 5107 }, suppressToast: true }]);
    expect(flow.context()).toMatchObject({ preferences: preferenceFields(stored as never), body: null, error: null });
  });

  it('preferences that cannot be read show the error and are read again on request', async () => {
    const { host, flow } = start({ answers: { ...answers, getPreferences: fail(500, { status: 500, title: 'Internal Server Error', detail: 'Something went wrong' }) } });
    await flow.settle();
    expect(flow.state()).toBe('failed');
    expect(flow.context()).toMatchObject({ preferences: null, error: { status: 500, text: 'Something went wrong' } });
    host.answers.getPreferences = neverSet;
    flow.send({ type: 'RETRY' });
    await ready(flow);
    expect(flow.context()).toMatchObject({ error: null, preferences: { directoryTitle: '', showName: true } });
  });

  it('saves the form as the API\'s preferences (not what the form only shows) and shows what was stored', async () => {
    const { host, flow } = start();
    await ready(flow);
    flow.send({ type: 'SUBMIT', data: formData });
    await ready(flow);
    expect(host.callsTo('updatePreferences')).toEqual([{
      params: { id: 5107 },
      body: {
        sendPaymentConfirmationEmail: true,
        receivePayBillingText: true,
        directory: { name: true, phone: true, email: true, mailingAddress: true, title: false },
        directoryTitle: '',
      },
      suppressToast: true,
    }]);
    expect(host.callsTo('updatePreferences')[0].body).not.toHaveProperty('billingTextNotificationsAvailable');
    expect(flow.context()).toMatchObject({ preferences: preferenceFields(saved as never), body: null });
    expect(host.toasts).toEqual([{ status: 'success', titleKey: 'profile.preferencesSaved' }]);
    expect(host.callsTo('getPreferences')).toHaveLength(1);
  });

  it('preferences the server refuses keep the stored ones, with the error', async () => {
    const { host, flow } = start({
      answers: { ...answers, updatePreferences: fail(400, { status: 400, title: 'Bad Request', detail: 'Billing texts are not available.', errorCode: 'PRF001' }) },
    });
    await ready(flow);
    flow.send({ type: 'SUBMIT', data: formData });
    await ready(flow);
    expect(flow.context()).toMatchObject({ preferences: preferenceFields(stored as never), error: { code: 'PRF001', status: 400 } });
    expect(host.toasts).toEqual([]);
    host.answers.updatePreferences = fail(400, {
      status: 400, title: 'Bad Request', detail: 'Validation failed', errorCode: 'VAL001', fields: { directoryTitle: 'Title must be at most 50 characters.' },
    });
    flow.send({ type: 'SUBMIT', data: { ...formData, receivePayBillingText: false, showTitle: true, directoryTitle: 'T'.repeat(51) } });
    await ready(flow);
    expect(flow.context().error).toMatchObject({ code: 'VAL001', text: 'Validation failed', status: 400, fields: ['Title must be at most 50 characters.'] });
    // A later save clears the error.
    host.answers.updatePreferences = saved;
    flow.send({ type: 'SUBMIT', data: formData });
    await ready(flow);
    expect(flow.context().error).toBeNull();
  });
});

it('profile-preferences flow: every state is reached and every operation outcome is taken by a test above', () => {
  expect(coverage.missing()).toEqual([]);
});
