import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeHost, fail, runFlow, stubBrowser, trackCoverage, type FakeHostOptions } from '../support/flow-harness.ts';
import { MemoryStorage } from '../support/memory-storage.ts';

const coverage = trackCoverage('login');
const start = (options: FakeHostOptions = {}) => {
  const host = createFakeHost({ route: { clientId: 'summit' }, ...options });
  return { host, flow: runFlow('login', host, { coverage }) };
};
const refused = fail(401, { errorCode: 'AUTH001', detail: 'Invalid e-mail or password' });

afterEach(() => { vi.unstubAllGlobals(); vi.useRealTimers(); });

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

describe('login flow: in another site\'s frame, through a window of the portal\'s own', () => {
  const ORIGIN = 'https://portal.example';
  const signedIn = { token: 'tw', userId: 7, user: { userId: 7, email: 'w@example.com' } };

  /** A framed page's window: it opens the portal's own window (or the browser refuses) and hears the messages posted to it. */
  function frameWindow(opens = true) {
    const listeners = new Set<(event: MessageEvent) => void>();
    const popup = { close: vi.fn() };
    const win = {
      location: { pathname: '/embed/login/summit', origin: ORIGIN },
      open: vi.fn((..._args: unknown[]) => (opens ? popup : null)),
      addEventListener: (type: string, listener: (event: MessageEvent) => void) => { if (type === 'message') listeners.add(listener); },
      removeEventListener: (type: string, listener: (event: MessageEvent) => void) => { listeners.delete(listener); },
      sessionStorage: new MemoryStorage(),
      localStorage: new MemoryStorage(),
    };
    vi.stubGlobal('window', win);
    return {
      win, popup, listeners,
      post: (data: unknown, origin = ORIGIN) => { for (const listener of [...listeners]) listener({ data, origin } as MessageEvent); },
      address: () => String(win.open.mock.calls.at(-1)?.[0]),
      nonce: () => new URL(String(win.open.mock.calls.at(-1)?.[0]), ORIGIN).searchParams.get('nonce'),
    };
  }
  const framed = (options: FakeHostOptions = {}) => start({ session: { embedded: true }, ...options });

  it('opens the window with a fresh nonce and the company, polls the nonce every 1.5 s, and is signed in by the session answered', async () => {
    vi.useFakeTimers();
    const w = frameWindow();
    let asked = 0;
    const { host, flow } = framed({ answers: { redeemEmbedHandoff: () => (++asked < 2 ? { status: 'pending' } : signedIn) } });
    flow.send({ type: 'USE_WINDOW' });
    expect(flow.state()).toBe('waitingForWindow');
    expect(w.win.open).toHaveBeenCalledTimes(1);
    expect(w.address()).toMatch(/^\/auth\/embed-handoff\?nonce=[A-Za-z0-9_-]{43}&company=summit$/);
    expect(w.win.open.mock.calls[0]?.slice(1)).toEqual(['portal-embed-sign-in', 'popup,width=520,height=720']);
    expect(host.calls).toEqual([]);

    await vi.advanceTimersByTimeAsync(1500);
    expect(host.callsTo('redeemEmbedHandoff')).toEqual([{ body: { nonce: w.nonce() }, suppressToast: true }]);
    expect(flow.state()).toBe('waitingForWindow');
    await vi.advanceTimersByTimeAsync(1500);
    expect(flow.actor.getSnapshot().status).toBe('done');
    expect(host.sessionEvents).toEqual([{ type: 'LOGIN', token: 'tw' }]);
    expect(host.navigations).toEqual(['/dashboard']);
    expect(w.listeners.size).toBe(0);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(host.callsTo('redeemEmbedHandoff')).toHaveLength(2);
  });

  it('each window gets a nonce of its own', () => {
    const w = frameWindow();
    const { flow } = framed();
    flow.send({ type: 'USE_WINDOW' });
    const first = w.nonce();
    flow.send({ type: 'USE_PASSWORD' });
    flow.send({ type: 'USE_WINDOW' });
    expect(w.nonce()).not.toBe(first);
  });

  it('redeems the code the window posts at once; messages of another origin or kind are not listened to', async () => {
    vi.useFakeTimers();
    const w = frameWindow();
    const { host, flow } = framed({ answers: { redeemEmbedHandoff: (request) => ((request.body as { code?: string }).code ? signedIn : { status: 'pending' }) } });
    flow.send({ type: 'USE_WINDOW' });
    const code = 'c'.repeat(43);
    w.post({ type: 'embed-handoff', code }, 'https://elsewhere.example');
    w.post({ type: 'something-else', code });
    w.post({ type: 'embed-handoff', code: 42 });
    w.post(null);
    expect(host.calls).toEqual([]);
    w.post({ type: 'embed-handoff', code });
    await vi.advanceTimersByTimeAsync(0);
    expect(host.callsTo('redeemEmbedHandoff')).toEqual([{ body: { nonce: w.nonce(), code }, suppressToast: true }]);
    expect(flow.actor.getSnapshot().status).toBe('done');
    expect(host.sessionEvents).toEqual([{ type: 'LOGIN', token: 'tw' }]);
  });

  it('asks one thing at a time: a code posted while the nonce is being asked about is redeemed once that answer is in', async () => {
    vi.useFakeTimers();
    const w = frameWindow();
    let answerPoll: (value: unknown) => void = () => {};
    const { host, flow } = framed({
      answers: {
        redeemEmbedHandoff: (request) => ((request.body as { code?: string }).code
          ? signedIn
          : new Promise((resolve) => { answerPoll = resolve; })),
      },
    });
    flow.send({ type: 'USE_WINDOW' });
    await vi.advanceTimersByTimeAsync(1500);
    const code = 'd'.repeat(43);
    w.post({ type: 'embed-handoff', code });
    await vi.advanceTimersByTimeAsync(1500);
    expect(host.callsTo('redeemEmbedHandoff')).toEqual([{ body: { nonce: w.nonce() }, suppressToast: true }]);
    answerPoll({ status: 'pending' });
    await vi.advanceTimersByTimeAsync(0);
    expect(host.callsTo('redeemEmbedHandoff').map((request) => request.body)).toEqual([{ nonce: w.nonce() }, { nonce: w.nonce(), code }]);
    expect(flow.actor.getSnapshot().status).toBe('done');
  });

  it('a code posted while a failed ask is answered is redeemed next; a server error or too many asks only wait for the next try', async () => {
    vi.useFakeTimers();
    const w = frameWindow();
    let failPoll: (error: unknown) => void = () => {};
    let polls = 0;
    const { host, flow } = framed({
      answers: {
        redeemEmbedHandoff: (request) => {
          if ((request.body as { code?: string }).code) return signedIn;
          polls += 1;
          if (polls === 1) throw fail(503);
          if (polls === 2) throw fail(429, { errorCode: 'RATE001' });
          return new Promise((_resolve, reject) => { failPoll = reject; });
        },
      },
    });
    flow.send({ type: 'USE_WINDOW' });
    await vi.advanceTimersByTimeAsync(4500);
    expect(flow.state()).toBe('waitingForWindow');
    const code = 'e'.repeat(43);
    w.post({ type: 'embed-handoff', code });
    failPoll(fail(503));
    await vi.advanceTimersByTimeAsync(0);
    expect(host.callsTo('redeemEmbedHandoff').at(-1)).toEqual({ body: { nonce: w.nonce(), code }, suppressToast: true });
    expect(flow.actor.getSnapshot().status).toBe('done');
  });

  it('a browser that refuses the window says so; trying again opens it, or the password is still there', async () => {
    const w = frameWindow(false);
    const { host, flow } = framed();
    flow.send({ type: 'USE_WINDOW' });
    await flow.settle();
    expect(flow.state()).toBe('windowBlocked');
    expect(host.calls).toEqual([]);
    expect(w.listeners.size).toBe(0);
    flow.send({ type: 'RETRY_WINDOW' });
    await flow.settle();
    expect(w.win.open).toHaveBeenCalledTimes(2);
    expect(flow.state()).toBe('windowBlocked');
    flow.send({ type: 'USE_PASSWORD' });
    expect(flow.state()).toBe('password');
  });

  it('gives up after a minute without a sign-in, and when the server refuses the hand-off (used, wrong or expired)', async () => {
    vi.useFakeTimers();
    const w = frameWindow();
    const { host, flow } = framed({ answers: { redeemEmbedHandoff: { status: 'pending' } } });
    flow.send({ type: 'USE_WINDOW' });
    await vi.advanceTimersByTimeAsync(1500);
    host.clock += 60_000;
    await vi.advanceTimersByTimeAsync(1500);
    expect(flow.state()).toBe('windowFailed');
    expect(host.callsTo('redeemEmbedHandoff')).toHaveLength(1);
    expect(w.listeners.size).toBe(0);

    host.answers.redeemEmbedHandoff = fail(410, { errorCode: 'EMB006' });
    flow.send({ type: 'RETRY_WINDOW' });
    expect(flow.state()).toBe('waitingForWindow');
    await vi.advanceTimersByTimeAsync(1500);
    expect(flow.state()).toBe('windowFailed');
    flow.send({ type: 'USE_PASSWORD' });
    expect(flow.state()).toBe('password');
  });

  it('choosing the password instead stops waiting and closes the window', async () => {
    vi.useFakeTimers();
    const w = frameWindow();
    const { host, flow } = framed({ answers: { redeemEmbedHandoff: { status: 'pending' } } });
    flow.send({ type: 'USE_WINDOW' });
    flow.send({ type: 'USE_PASSWORD' });
    expect(flow.state()).toBe('password');
    expect(w.popup.close).toHaveBeenCalledTimes(1);
    expect(w.listeners.size).toBe(0);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(host.calls).toEqual([]);
  });

  it('single sign-on in a frame goes through the window (providers refuse frames), which starts it itself', () => {
    const w = frameWindow();
    const { flow } = framed();
    flow.send({ type: 'USE_SSO', startPath: '/api/users/Users/SSO/Start?company=summit' });
    expect(flow.state()).toBe('waitingForWindow');
    expect(w.address()).toMatch(/^\/auth\/embed-handoff\?nonce=[A-Za-z0-9_-]{43}&sso=1&company=summit$/);
    expect(flow.context().ssoStart).toBeNull();
  });

  it('without a company in the address the window is asked for none', () => {
    const w = frameWindow();
    const { flow } = framed({ route: {} });
    flow.send({ type: 'USE_WINDOW' });
    expect(w.address()).toMatch(/^\/auth\/embed-handoff\?nonce=[A-Za-z0-9_-]{43}$/);
  });
});

it('login flow: every state is reached and every operation outcome is taken by a test above', () => {
  expect(coverage.missing()).toEqual([]);
});
