import { describe, expect, it } from 'vitest';
import { createFakeHost, fail, runFlow, trackCoverage, type FakeHostOptions } from '../support/flow-harness.ts';

const coverage = trackCoverage('forgot-login');
const answers = {
  requestOneTimePassword: { resendAfterSeconds: 30 },
  verifyOneTimePassword: { resetToken: 'r1' },
  resetPassword: null,
};
const start = (options: FakeHostOptions = {}) => {
  const host = createFakeHost({ answers, ...options });
  return { host, flow: runFlow('forgot-login', host, { coverage }) };
};

/** Drives the flow from the e-mail form to the code form. */
async function codeSent(flow: ReturnType<typeof start>['flow']) {
  flow.send({ type: 'SUBMIT', data: { email: 'c@example.com' } });
  await flow.settle();
  expect(flow.state()).toBe('verifyCode');
}

describe('forgot-login flow', () => {
  it('sends a reset code, verifies it, sets the new password with the reset token and forgets the token', async () => {
    const { host, flow } = start();
    expect(flow.state()).toBe('enterEmail');
    await codeSent(flow);
    expect(host.callsTo('requestOneTimePassword')).toEqual([{ body: { email: 'c@example.com', purpose: 'reset' }, suppressToast: true }]);
    expect(flow.context().resendAt).toBe(host.clock + 30_000);

    flow.send({ type: 'SUBMIT', data: { code: '654321' } });
    await flow.settle();
    expect(flow.state()).toBe('newPassword');
    expect(host.callsTo('verifyOneTimePassword')).toEqual([{ body: { email: 'c@example.com', code: '654321', purpose: 'reset' }, suppressToast: true }]);
    expect(flow.context().resetToken).toBe('r1');

    flow.send({ type: 'SUBMIT', data: { password: 'Newpass1', confirmPassword: 'Newpass1' } });
    await flow.settle();
    expect(flow.state()).toBe('done');
    expect(flow.actor.getSnapshot().status).toBe('done');
    expect(host.callsTo('resetPassword')).toEqual([{ body: { email: 'c@example.com', resetToken: 'r1', password: 'Newpass1' }, suppressToast: true }]);
    expect(flow.context()).toMatchObject({ resetToken: null, error: null });
  });

  it('a code request that fails first time stays on the e-mail form with the error', async () => {
    const { flow } = start({ answers: { ...answers, requestOneTimePassword: fail(404, { errorCode: 'USER_NOT_FOUND', detail: 'No such user' }) } });
    flow.send({ type: 'SUBMIT', data: { email: 'nobody@example.com' } });
    await flow.settle();
    expect(flow.state()).toBe('enterEmail');
    expect(flow.context().error).toEqual({ code: 'USER_NOT_FOUND', text: 'No such user', status: 404 });
  });

  it('resends only after the countdown; a failed resend keeps the code form with the error', async () => {
    const { host, flow } = start();
    await codeSent(flow);
    flow.send({ type: 'RESEND' });
    expect(flow.state()).toBe('verifyCode');
    expect(host.callsTo('requestOneTimePassword')).toHaveLength(1);
    host.clock += 30_000;
    host.answers.requestOneTimePassword = fail(503, { detail: 'Mail is down' });
    flow.send({ type: 'RESEND' });
    await flow.settle();
    expect(host.callsTo('requestOneTimePassword')).toHaveLength(2);
    expect(flow.state()).toBe('verifyCode');
    expect(flow.context().error).toMatchObject({ text: 'Mail is down', status: 503 });
  });

  it('a wrong code stays on the code form with the error; changing the e-mail forgets the countdown', async () => {
    const { flow } = start({ answers: { ...answers, verifyOneTimePassword: fail(400, { errorCode: 'OTP_INVALID', detail: 'Wrong code' }) } });
    await codeSent(flow);
    flow.send({ type: 'SUBMIT', data: { code: '000000' } });
    await flow.settle();
    expect(flow.state()).toBe('verifyCode');
    expect(flow.context().error).toEqual({ code: 'OTP_INVALID', text: 'Wrong code', status: 400 });
    flow.send({ type: 'CHANGE_EMAIL' });
    expect(flow.state()).toBe('enterEmail');
    expect(flow.context()).toMatchObject({ resendAt: 0, error: null });
  });

  it('a refused new password stays on the password form with the error and keeps the reset token for another try', async () => {
    const { host, flow } = start({ answers: { ...answers, resetPassword: fail(400, { errorCode: 'PASSWORD_WEAK', detail: 'Too weak' }) } });
    await codeSent(flow);
    flow.send({ type: 'SUBMIT', data: { code: '654321' } });
    await flow.settle();
    flow.send({ type: 'SUBMIT', data: { password: 'weak' } });
    await flow.settle();
    expect(flow.state()).toBe('newPassword');
    expect(flow.context()).toMatchObject({ resetToken: 'r1', error: { code: 'PASSWORD_WEAK', text: 'Too weak', status: 400 } });
    host.answers.resetPassword = null;
    flow.send({ type: 'SUBMIT', data: { password: 'Stronger1' } });
    await flow.settle();
    expect(flow.state()).toBe('done');
    expect(host.callsTo('resetPassword').map((request) => request.body)).toEqual([
      { email: 'c@example.com', resetToken: 'r1', password: 'weak' },
      { email: 'c@example.com', resetToken: 'r1', password: 'Stronger1' },
    ]);
  });
});

it('forgot-login flow: every state is reached and every operation outcome is taken by a test above', () => {
  expect(coverage.missing()).toEqual([]);
});
