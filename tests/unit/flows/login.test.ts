import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeHost, fail, runFlow, stubBrowser, trackCoverage, type FakeHostOptions } from '../support/flow-harness.ts';

const coverage = trackCoverage('login');
const start = (options: FakeHostOptions = {}) => {
  const host = createFakeHost({ route: { clientId: 'summit' }, ...options });
  return { host, flow: runFlow('login', host, { coverage }) };
};
const refused = fail(401, { errorCode: 'AUTH001', detail: 'Invalid e-mail or password' });

afterEach(() => { vi.unstubAllGlobals(); });

describe('login flow: password', () => {
  it('signs in: sends the credentials with the route company, tells the session, goes to the dashboard', async () => {
    const { host, flow } = start({ answers: { authenticate: { token: 't1', userId: 1 } } });
    expect(flow.state()).toBe('password');
    flow.send({ type: 'SUBMIT', data: { email: 'a@example.com', password: 'secret1' } });
    expect(flow.state()).toBe('signingIn');
    await flow.settle();
    expect(flow.actor.getSnapshot().status).toBe('done');
    expect(host.calls).toEqual([{
      operationId: 'authenticate',
      request: { body: { email: 'a@example.com', password: 'secret1', company: 'summit' }, suppressToast: true },
    }]);
    expect(host.sessionEvents).toEqual([{ type: 'LOGIN', token: 't1' }]);
    expect(host.navigations).toEqual(['/dashboard']);
    expect(flow.context()).toMatchObject({ email: 'a@example.com', error: null });
  });

  it('goes back to the page that asked for the sign-in (returnTo)', async () => {
    const { host, flow } = start({ answers: { authenticate: { token: 't1' } }, query: { returnTo: '/billing' } });
    flow.send({ type: 'SUBMIT', data: { email: 'a@example.com', password: 'secret1' } });
    await flow.settle();
    expect(host.navigations).toEqual(['/billing']);
  });

  it('never returns to another site: a returnTo that is not a path of this one goes to the dashboard', async () => {
    for (const elsewhere of ['//evil.example/x', '/\\evil.example/x', 'https://evil.example/x', 'javascript:alert(1)']) {
      const { host, flow } = start({ answers: { authenticate: { token: 't1' } }, query: { returnTo: elsewhere } });
      flow.send({ type: 'SUBMIT', data: { email: 'a@example.com', password: 'secret1' } });
      await flow.settle();
      expect(host.navigations, elsewhere).toEqual(['/dashboard']);
    }
  });

  it('a refused sign-in stays on the password form with the error, and the session hears nothing', async () => {
    const { host, flow } = start({ answers: { authenticate: refused } });
    flow.send({ type: 'SUBMIT', data: { email: 'a@example.com', password: 'wrong' } });
    await flow.settle();
    expect(flow.state()).toBe('password');
    expect(flow.context().error).toEqual({ code: 'AUTH001', text: 'Invalid e-mail or password', status: 401 });
    expect(host.sessionEvents).toEqual([]);
    expect(host.navigations).toEqual([]);

    // The next attempt starts without the old error.
    host.answers.authenticate = { token: 't2' };
    flow.send({ type: 'SUBMIT', data: { email: 'a@example.com', password: 'right1' } });
    expect(flow.context().error).toBeNull();
    await flow.settle();
    expect(host.sessionEvents).toEqual([{ type: 'LOGIN', token: 't2' }]);
  });

  it('keeps the e-mail for the browser session and offers it again', async () => {
    const browser = stubBrowser('/login');
    const first = start({ answers: { authenticate: refused } });
    first.flow.send({ type: 'SUBMIT', data: { email: 'kept@example.com', password: 'x' } });
    await first.flow.settle();
    expect(JSON.parse(browser.sessionStorage.getItem('portal.authFlow') ?? '{}')).toEqual({ email: 'kept@example.com' });
    expect(start().flow.context().email).toBe('kept@example.com');
  });
});

describe('login flow: one-time code', () => {
  const codeAnswers = {
    requestOneTimePassword: { resendAfterSeconds: 60, expiresInSeconds: 600 },
    verifyOneTimePassword: { token: 't2', userId: 2 },
  };

  it('requests a code, starts the resend countdown, verifies the code and signs in', async () => {
    const { host, flow } = start({ answers: codeAnswers });
    flow.send({ type: 'USE_CODE' });
    expect(flow.state()).toBe('codeEmail');
    flow.send({ type: 'SUBMIT', data: { email: 'b@example.com' } });
    await flow.settle();
    expect(flow.state()).toBe('codeEntry');
    expect(host.callsTo('requestOneTimePassword')).toEqual([{ body: { email: 'b@example.com', purpose: 'login' }, suppressToast: true }]);
    expect(flow.context().resendAt).toBe(host.clock + 60_000);

    flow.send({ type: 'SUBMIT', data: { code: '123456' } });
    await flow.settle();
    expect(flow.actor.getSnapshot().status).toBe('done');
    expect(host.callsTo('verifyOneTimePassword')).toEqual([{ body: { email: 'b@example.com', code: '123456', purpose: 'login' }, suppressToast: true }]);
    expect(host.sessionEvents).toEqual([{ type: 'LOGIN', token: 't2' }]);
    expect(host.navigations).toEqual(['/dashboard']);
  });

  it('refuses a resend until the countdown has elapsed, then sends a new code', async () => {
    const { host, flow } = start({ answers: codeAnswers });
    flow.send({ type: 'USE_CODE' });
    flow.send({ type: 'SUBMIT', data: { email: 'b@example.com' } });
    await flow.settle();
    host.clock += 59_999;
    flow.send({ type: 'RESEND' });
    expect(flow.state()).toBe('codeEntry');
    expect(host.callsTo('requestOneTimePassword')).toHaveLength(1);
    host.clock += 1;
    flow.send({ type: 'RESEND' });
    await flow.settle();
    expect(host.callsTo('requestOneTimePassword')).toHaveLength(2);
    expect(flow.context().resendAt).toBe(host.clock + 60_000);
  });

  it('a first code request that fails goes back to the e-mail form with the error', async () => {
    const { flow } = start({ answers: { requestOneTimePassword: fail(429, { errorCode: 'OTP_RATE', detail: 'Too many codes' }) } });
    flow.send({ type: 'USE_CODE' });
    flow.send({ type: 'SUBMIT', data: { email: 'b@example.com' } });
    await flow.settle();
    expect(flow.state()).toBe('codeEmail');
    expect(flow.context().error).toEqual({ code: 'OTP_RATE', text: 'Too many codes', status: 429 });
  });

  it('a resend that fails keeps the code form (a code was already sent) with the error', async () => {
    const { host, flow } = start({ answers: codeAnswers });
    flow.send({ type: 'USE_CODE' });
    flow.send({ type: 'SUBMIT', data: { email: 'b@example.com' } });
    await flow.settle();
    host.answers.requestOneTimePassword = fail(503, { detail: 'Mail is down' });
    host.clock += 60_000;
    flow.send({ type: 'RESEND' });
    await flow.settle();
    expect(flow.state()).toBe('codeEntry');
    expect(flow.context().error).toMatchObject({ text: 'Mail is down', status: 503 });
  });

  it('a wrong code stays on the code form with the error', async () => {
    const { host, flow } = start({ answers: { ...codeAnswers, verifyOneTimePassword: fail(400, { errorCode: 'OTP_INVALID', detail: 'Wrong code' }) } });
    flow.send({ type: 'USE_CODE' });
    flow.send({ type: 'SUBMIT', data: { email: 'b@example.com' } });
    await flow.settle();
    flow.send({ type: 'SUBMIT', data: { code: '000000' } });
    await flow.settle();
    expect(flow.state()).toBe('codeEntry');
    expect(flow.context().error).toEqual({ code: 'OTP_INVALID', text: 'Wrong code', status: 400 });
    expect(host.sessionEvents).toEqual([]);
  });

  it('changing the e-mail forgets the countdown; either form switches back to the password', async () => {
    const { flow } = start({ answers: codeAnswers });
    flow.send({ type: 'USE_CODE' });
    flow.send({ type: 'USE_PASSWORD' });
    expect(flow.state()).toBe('password');
    flow.send({ type: 'USE_CODE' });
    flow.send({ type: 'SUBMIT', data: { email: 'b@example.com' } });
    await flow.settle();
    flow.send({ type: 'CHANGE_EMAIL' });
    expect(flow.state()).toBe('codeEmail');
    expect(flow.context().resendAt).toBe(0);
    flow.send({ type: 'SUBMIT', data: { email: 'c@example.com' } });
    await flow.settle();
    flow.send({ type: 'USE_PASSWORD' });
    expect(flow.state()).toBe('password');
  });
});

describe('login flow: single sign-on', () => {
  it('goes to the company\'s provider through the start address its button carries, and back to the password', () => {
    const { host, flow } = start();
    flow.send({ type: 'USE_SSO', startPath: '/api/users/Users/SSO/Start?company=summit' });
    expect(flow.state()).toBe('leavingForSso');
    expect(flow.context().ssoStart).toBe('/api/users/Users/SSO/Start?company=summit');
    expect(host.calls).toEqual([]);
    flow.send({ type: 'USE_PASSWORD' });
    expect(flow.state()).toBe('password');
  });
});

describe('login flow: the page that sent the visitor here', () => {
  it('a page that needs a session (?returnTo=) has the session tell a frame\'s host that a sign-in is needed', () => {
    const { host } = start({ query: { returnTo: '/embed/billing' } });
    expect(host.sessionEvents).toEqual([{ type: 'SIGN_IN_NEEDED' }]);
    expect(start().host.sessionEvents).toEqual([]);
  });
});

it('login flow: every state is reached and every operation outcome is taken by a test above', () => {
  expect(coverage.missing()).toEqual([]);
});
