import { describe, expect, it } from 'vitest';
import type { OperationRequest } from '../../../engine/core/flow/types.ts';
import { createFakeHost, fail, runFlow, trackCoverage, type FakeHostOptions, type FlowRun } from '../support/flow-harness.ts';

const coverage = trackCoverage('profile-login');

const session = { userId: 5107 };
const homeowner = { userId: 5107, firstName: 'Jordan', lastName: 'Rivera', loginEmail: 'jordan@rivera.example', contacts: [], addresses: [] };
/** PATCH /home/login answers by the form of its body. */
const updateLogin = ({ body }: OperationRequest) => {
  const sent = body as Record<string, string>;
  if (sent.newPassword) return { changed: 'password', loginEmail: 'jordan@rivera.example' };
  if (sent.code) return { changed: 'email', loginEmail: sent.newEmail };
  return { pending: 'email', expiresInSeconds: 600, resendAfterSeconds: 60 };
};
const answers = { getHomeowner: homeowner, updateLogin };
const start = (options: FakeHostOptions = {}) => {
  const host = createFakeHost({ answers, session, ...options });
  return { host, flow: runFlow('profile-login', host, { coverage }) };
};
async function ready(flow: FlowRun) {
  await flow.settle();
  expect(flow.state()).toBe('ready');
}
const emailChange = { currentPassword: 'Maple-Grove-2030', newEmail: 'j.rivera@northwind.example' };
const passwordChange = { currentPassword: 'Maple-Grove-2030', password: 'Oak-Hollow-2031', confirmPassword: 'Oak-Hollow-2031' };
const wrongPassword = fail(400, { status: 400, title: 'Bad Request', detail: 'The current password is incorrect.', errorCode: 'PWD001' });

describe('profile-login flow', () => {
  it('shows the e-mail the homeowner signs in with', async () => {
    const { host, flow } = start();
    expect(flow.state()).toBe('loading');
    await ready(flow);
    expect(host.callsTo('getHomeowner')).toEqual([{ params: { id: 5107 }, suppressToast: true }]);
    expect(flow.context().loginEmail).toBe('jordan@rivera.example');
  });

  it('a profile that cannot be read shows the error and tries again on request', async () => {
    const { host, flow } = start({ answers: { ...answers, getHomeowner: fail(500, { status: 500, title: 'Internal Server Error', detail: 'Something went wrong' }) } });
    await flow.settle();
    expect(flow.state()).toBe('failed');
    expect(flow.context().error).toMatchObject({ status: 500 });
    host.answers.getHomeowner = homeowner;
    flow.send({ type: 'RETRY' });
    await ready(flow);
    expect(flow.context()).toMatchObject({ error: null, loginEmail: 'jordan@rivera.example' });
  });

  it('changes the login e-mail: the password and new address send a code, the code confirms it and the session refreshes', async () => {
    const { host, flow } = start();
    await ready(flow);
    flow.send({ type: 'CHANGE_EMAIL' });
    expect(flow.state()).toBe('changingEmail');
    flow.send({ type: 'SUBMIT', data: emailChange });
    await flow.settle();
    expect(flow.state()).toBe('enteringCode');
    expect(flow.context()).toMatchObject({ emailChange, resendAt: host.clock + 60_000 });
    flow.send({ type: 'SUBMIT', data: { code: '482913' } });
    await ready(flow);
    expect(host.callsTo('updateLogin')).toEqual([
      { body: { currentPassword: 'Maple-Grove-2030', newEmail: 'j.rivera@northwind.example' }, suppressToast: true },
      { body: { newEmail: 'j.rivera@northwind.example', code: '482913' }, suppressToast: true },
    ]);
    expect(flow.context()).toMatchObject({ loginEmail: 'j.rivera@northwind.example', emailChange: null, codeBody: null, error: null });
    expect(host.toasts).toEqual([{ status: 'success', titleKey: 'profile.emailChanged' }]);
    expect(host.sessionEvents).toEqual([{ type: 'REFRESH' }]);
  });

  it('sends the code again once the countdown has run, restarting it', async () => {
    const { host, flow } = start();
    await ready(flow);
    flow.send({ type: 'CHANGE_EMAIL' });
    flow.send({ type: 'SUBMIT', data: emailChange });
    await flow.settle();
    // Before the countdown ends, asking again sends nothing.
    flow.send({ type: 'RESEND' });
    await flow.settle();
    expect(host.callsTo('updateLogin')).toHaveLength(1);
    host.clock += 61_000;
    flow.send({ type: 'RESEND' });
    await flow.settle();
    expect(flow.state()).toBe('enteringCode');
    expect(host.callsTo('updateLogin')).toEqual([
      { body: { currentPassword: 'Maple-Grove-2030', newEmail: 'j.rivera@northwind.example' }, suppressToast: true },
      { body: { currentPassword: 'Maple-Grove-2030', newEmail: 'j.rivera@northwind.example' }, suppressToast: true },
    ]);
    expect(flow.context().resendAt).toBe(host.clock + 60_000);
    // A resend the server refuses keeps the code form, with the error.
    host.answers.updateLogin = fail(429, { errorCode: 'OTP004', detail: 'Please wait before asking for a new code.' });
    host.clock += 61_000;
    flow.send({ type: 'RESEND' });
    await flow.settle();
    expect(flow.state()).toBe('enteringCode');
    expect(flow.context().error).toMatchObject({ code: 'OTP004', status: 429 });
  });

  it('a wrong password or an address in use keeps the e-mail form with the error; cancel leaves nothing behind', async () => {
    const { host, flow } = start({ answers: { ...answers, updateLogin: wrongPassword } });
    await ready(flow);
    flow.send({ type: 'CHANGE_EMAIL' });
    flow.send({ type: 'SUBMIT', data: { ...emailChange, currentPassword: 'maple' } });
    await flow.settle();
    expect(flow.state()).toBe('changingEmail');
    expect(flow.context().error).toEqual({ code: 'PWD001', text: 'The current password is incorrect.', status: 400 });
    host.answers.updateLogin = fail(409, { status: 409, title: 'Conflict', detail: 'This e-mail is already in use.', errorCode: 'REG003' });
    flow.send({ type: 'SUBMIT', data: emailChange });
    await flow.settle();
    expect(flow.state()).toBe('changingEmail');
    expect(flow.context().error).toMatchObject({ code: 'REG003', status: 409 });
    flow.send({ type: 'CANCEL' });
    expect(flow.state()).toBe('ready');
    expect(flow.context()).toMatchObject({ error: null, loginEmail: 'jordan@rivera.example' });
    expect(host.toasts).toEqual([]);
    expect(host.sessionEvents).toEqual([]);
  });

  it('a wrong code keeps the code form with the error; cancel forgets the change', async () => {
    const { host, flow } = start();
    await ready(flow);
    flow.send({ type: 'CHANGE_EMAIL' });
    flow.send({ type: 'SUBMIT', data: emailChange });
    await flow.settle();
    host.answers.updateLogin = fail(400, { status: 400, title: 'Bad Request', detail: 'The code is incorrect.', errorCode: 'OTP001' });
    flow.send({ type: 'SUBMIT', data: { code: '000000' } });
    await flow.settle();
    expect(flow.state()).toBe('enteringCode');
    expect(flow.context().error).toMatchObject({ code: 'OTP001', status: 400 });
    flow.send({ type: 'CANCEL' });
    expect(flow.state()).toBe('ready');
    expect(flow.context()).toMatchObject({ emailChange: null, error: null, loginEmail: 'jordan@rivera.example' });
    expect(host.toasts).toEqual([]);
    expect(host.sessionEvents).toEqual([]);
  });

  it('changes the password with the current one, sending the new password once', async () => {
    const { host, flow } = start();
    await ready(flow);
    flow.send({ type: 'CHANGE_PASSWORD' });
    expect(flow.state()).toBe('changingPassword');
    flow.send({ type: 'SUBMIT', data: passwordChange });
    await ready(flow);
    expect(host.callsTo('updateLogin')).toEqual([{ body: { currentPassword: 'Maple-Grove-2030', newPassword: 'Oak-Hollow-2031' }, suppressToast: true }]);
    expect(host.toasts).toEqual([{ status: 'success', titleKey: 'profile.passwordChanged' }]);
    expect(flow.context().passwordBody).toBeNull();
    expect(host.sessionEvents).toEqual([]);
  });

  it('a wrong current password keeps the password form with the error; cancel leaves it', async () => {
    const { host, flow } = start({ answers: { ...answers, updateLogin: wrongPassword } });
    await ready(flow);
    flow.send({ type: 'CHANGE_PASSWORD' });
    flow.send({ type: 'SUBMIT', data: { ...passwordChange, currentPassword: 'guess' } });
    await flow.settle();
    expect(flow.state()).toBe('changingPassword');
    expect(flow.context().error).toMatchObject({ code: 'PWD001' });
    flow.send({ type: 'CANCEL' });
    expect(flow.state()).toBe('ready');
    expect(flow.context().error).toBeNull();
    expect(host.toasts).toEqual([]);
  });
});

it('profile-login flow: every state is reached and every operation outcome is taken by a test above', () => {
  expect(coverage.missing()).toEqual([]);
});
