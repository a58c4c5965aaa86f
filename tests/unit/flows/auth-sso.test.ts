import { describe, expect, it } from 'vitest';
import { createFakeHost, fail, runFlow, trackCoverage } from '../support/flow-harness.ts';

const coverage = trackCoverage('auth-sso');

// Single sign-on's return (/auth/sso?code=…&state=…): the provider's answer goes to the server as it
// came; a linked account signs in, a first one is proved (password or e-mailed code) and linked.
const answer = { code: 'CODE', state: 'STATE', iss: 'https://idp.example' };
const signedIn = (next = '/billing') => ({ outcome: 'signedIn', token: 'SSO-TOKEN', userId: 7, user: { userId: 7, userName: 'a@example.com', email: 'a@example.com' }, next });
const linkRequired = { outcome: 'linkRequired', ticket: 'TICKET-0123456789-0123456789', email: 'a@example.com', companyName: 'Summit', expiresInSeconds: 600 };
const start = (answers: Record<string, unknown>) => {
  const host = createFakeHost({ answers: answers as never, query: answer });
  return { host, flow: runFlow('auth-sso', host, { coverage }) };
};

describe('auth-sso flow', () => {
  it('hands the provider\'s answer to the server as it came, tells the session and opens the page the server checked', async () => {
    const { host, flow } = start({ authenticateSSO: signedIn('/billing') });
    await flow.settle();
    expect(host.callsTo('authenticateSSO')).toEqual([{ body: { response: answer }, suppressToast: true }]);
    expect(host.sessionEvents).toEqual([{ type: 'LOGIN', token: 'SSO-TOKEN' }]);
    expect(host.navigations).toEqual(['/billing']);
    expect(host.toasts).toEqual([]);
  });

  it('a refused answer ends on the refusal with the server\'s reason', async () => {
    const { host, flow } = start({ authenticateSSO: fail(400, { errorCode: 'SSO005', detail: 'expired' }) });
    await flow.settle();
    expect(flow.state()).toBe('refused');
    expect(flow.context().error).toMatchObject({ code: 'SSO005', status: 400 });
    expect(host.sessionEvents).toEqual([]);
    expect(host.navigations).toEqual([]);
  });

  it('the first time, links with the account\'s password: a wrong one stays on the form with its error', async () => {
    const { host, flow } = start({ authenticateSSO: linkRequired, linkSsoAccount: fail(401, { errorCode: 'SSO010', detail: 'That password is incorrect.' }) });
    await flow.settle();
    expect(flow.state()).toBe('confirming');
    expect(flow.context()).toMatchObject({ ticket: linkRequired.ticket, email: 'a@example.com', companyName: 'Summit' });
    expect(host.sessionEvents).toEqual([]);
    flow.send({ type: 'SUBMIT', data: { password: 'wrong' } });
    await flow.settle();
    expect(flow.state()).toBe('confirming');
    expect(flow.context().error).toMatchObject({ code: 'SSO010' });
    host.answers.linkSsoAccount = signedIn('/dashboard');
    flow.send({ type: 'SUBMIT', data: { password: 'right' } });
    expect(flow.context().error).toBeNull();
    await flow.settle();
    expect(host.callsTo('linkSsoAccount').at(-1)).toEqual({ body: { ticket: linkRequired.ticket, password: 'right' }, suppressToast: true });
    expect(host.toasts).toEqual([{ status: 'success', titleKey: 'authSso.linked' }]);
    expect(host.sessionEvents).toEqual([{ type: 'LOGIN', token: 'SSO-TOKEN' }]);
    expect(host.navigations).toEqual(['/dashboard']);
  });

  it('or with a code e-mailed to the account: resend after the countdown, a wrong code stays, back to the password', async () => {
    const { host, flow } = start({ authenticateSSO: linkRequired, sendSsoLinkCode: fail(502, { detail: 'Mail is down' }), linkSsoAccount: fail(400, { errorCode: 'SSO011', detail: 'That code is incorrect.' }) });
    await flow.settle();
    // Sending fails before any code went out: back on the first form, with why.
    flow.send({ type: 'USE_CODE' });
    await flow.settle();
    expect(flow.state()).toBe('confirming');
    expect(flow.context().error).toMatchObject({ status: 502 });
    host.answers.sendSsoLinkCode = { resendAfterSeconds: 60 };
    flow.send({ type: 'USE_CODE' });
    await flow.settle();
    expect(flow.state()).toBe('codeEntry');
    expect(host.callsTo('sendSsoLinkCode').at(-1)).toEqual({ body: { ticket: linkRequired.ticket }, suppressToast: true });
    flow.send({ type: 'SUBMIT', data: { code: '000000' } });
    await flow.settle();
    expect(flow.state()).toBe('codeEntry');
    expect(flow.context().error).toMatchObject({ code: 'SSO011' });
    // A resend before the countdown is over is ignored; after it, a failed one stays on the code form.
    host.clock += 59_999;
    flow.send({ type: 'RESEND' });
    expect(host.callsTo('sendSsoLinkCode')).toHaveLength(2);
    host.clock += 1;
    host.answers.sendSsoLinkCode = fail(429, { errorCode: 'SSO013', detail: 'wait' });
    flow.send({ type: 'RESEND' });
    await flow.settle();
    expect(host.callsTo('sendSsoLinkCode')).toHaveLength(3);
    expect(flow.state()).toBe('codeEntry');
    expect(flow.context().error).toMatchObject({ code: 'SSO013' });
    flow.send({ type: 'USE_PASSWORD' });
    expect(flow.state()).toBe('confirming');
    host.answers.sendSsoLinkCode = { resendAfterSeconds: 60 };
    flow.send({ type: 'USE_CODE' });
    await flow.settle();
    host.answers.linkSsoAccount = signedIn('/dashboard');
    flow.send({ type: 'SUBMIT', data: { code: '123456' } });
    await flow.settle();
    expect(host.callsTo('linkSsoAccount').at(-1)).toEqual({ body: { ticket: linkRequired.ticket, code: '123456' }, suppressToast: true });
    expect(host.toasts).toEqual([{ status: 'success', titleKey: 'authSso.linked' }]);
    expect(host.navigations).toEqual(['/dashboard']);
  });
});

it('auth-sso flow: every state is reached and every operation outcome is taken by a test above', () => {
  expect(coverage.missing()).toEqual([]);
});
