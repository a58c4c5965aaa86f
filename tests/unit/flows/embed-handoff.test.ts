import { afterEach, describe, expect, it, vi } from 'vitest';
import { appReturnAddress, handoffWindowAddress, isAppLink } from '../../../flows/embed-handoff.ts';
import { createFakeHost, fail, runFlow, trackCoverage, type FakeHostOptions } from '../support/flow-harness.ts';
import { MemoryStorage } from '../support/memory-storage.ts';

const coverage = trackCoverage('embed-handoff');

// The portal's own window a framed page opens to sign in (/auth/embed-handoff?nonce=…): signed in
// here, it hands the sign-in over to that page; signed out, it leads to the sign-in and comes back.

const ORIGIN = 'https://portal.example';
const NONCE = 'n'.repeat(43);
const CODE = 'k'.repeat(43);

/** The window's browser side: who opened it (a portal page, another site's, or none), and whether it closed itself. */
function popupWindow(opener: 'portal' | 'elsewhere' | 'none' = 'none') {
  const portalOpener = { location: { origin: ORIGIN }, postMessage: vi.fn() };
  const otherOpener = { get location(): never { throw new Error('Blocked a frame with origin from accessing a cross-origin frame') } };
  const win = {
    location: { pathname: '/auth/embed-handoff', origin: ORIGIN, assign: vi.fn() },
    opener: opener === 'portal' ? portalOpener : opener === 'elsewhere' ? otherOpener : null,
    close: vi.fn(),
    sessionStorage: new MemoryStorage(),
    localStorage: new MemoryStorage(),
  };
  vi.stubGlobal('window', win);
  return { win, portalOpener };
}

const start = (options: FakeHostOptions = {}) => {
  const host = createFakeHost({ query: { nonce: NONCE }, session: { isLoggedIn: true, refreshing: false, displayName: 'Ada' }, ...options });
  return { host, flow: runFlow('embed-handoff', host, { coverage }) };
};
const signedOut = { isLoggedIn: false, refreshing: false };

afterEach(() => { vi.unstubAllGlobals(); });

describe('embed-handoff flow: signed in here', () => {
  it('opened by a portal page it can reach: asks for a code for the nonce, posts it to that page only, and closes', async () => {
    const { win, portalOpener } = popupWindow('portal');
    const { host, flow } = start({ answers: { createEmbedHandoff: { code: CODE, expiresInSeconds: 60 } } });
    expect(flow.state()).toBe('creating');
    expect(host.callsTo('createEmbedHandoff')).toEqual([{ body: { nonce: NONCE }, suppressToast: true }]);
    await flow.settle();
    expect(flow.state()).toBe('handedOver');
    expect(portalOpener.postMessage).toHaveBeenCalledWith({ type: 'embed-handoff', code: CODE }, ORIGIN);
    expect(win.close).toHaveBeenCalledTimes(1);
  });

  it('opened by a page it cannot tell (the link cut, or another site): asks the visitor first, and the frame polls', async () => {
    for (const opener of ['none', 'elsewhere'] as const) {
      const { win } = popupWindow(opener);
      const { host, flow } = start({ answers: { createEmbedHandoff: { code: CODE, expiresInSeconds: 60 } } });
      expect(flow.state(), opener).toBe('confirming');
      expect(host.calls, opener).toEqual([]);
      flow.send({ type: 'CONTINUE' });
      await flow.settle();
      expect(flow.state(), opener).toBe('handedOver');
      expect(host.callsTo('createEmbedHandoff'), opener).toHaveLength(1);
      expect(win.close, opener).toHaveBeenCalledTimes(1);
    }
  });

  it('the visitor may refuse: nothing is asked for, and the window closes', () => {
    const { win } = popupWindow();
    const { host, flow } = start();
    flow.send({ type: 'CANCEL' });
    expect(flow.state()).toBe('cancelled');
    expect(host.calls).toEqual([]);
    expect(win.close).toHaveBeenCalledTimes(1);
  });

  it('a refusal says why; a sign-in the server no longer accepts (401) signs out, and the page starts again signed out', async () => {
    popupWindow('portal');
    const used = start({ answers: { createEmbedHandoff: fail(409, { errorCode: 'EMB005', detail: 'Used' }) } });
    await used.flow.settle();
    expect(used.flow.state()).toBe('failed');
    expect(used.flow.context().error).toMatchObject({ code: 'EMB005', status: 409 });
    expect(used.host.sessionEvents).toEqual([]);

    const ended = start({ answers: { createEmbedHandoff: fail(401, { errorCode: 'AUTH002' }) } });
    await ended.flow.settle();
    expect(ended.flow.state()).toBe('failed');
    expect(ended.host.sessionEvents).toEqual([{ type: 'LOGOUT' }]);
  });

  it('while this browser\'s sign-in loads it waits (the machine starts again once it has)', () => {
    popupWindow('portal');
    const { host, flow } = start({ session: { isLoggedIn: false, refreshing: true } });
    expect(flow.state()).toBe('waitingForSession');
    expect(host.calls).toEqual([]);
  });
});

describe('embed-handoff flow: signed out here', () => {
  it('leads to the sign-in page, which comes back to this address with the nonce alone', () => {
    popupWindow();
    const { host, flow } = start({ session: signedOut, query: { nonce: NONCE, company: 'summit' } });
    expect(flow.state()).toBe('signingIn');
    expect(flow.context().returnTo).toBe(`/auth/embed-handoff?nonce=${NONCE}`);
    expect(host.calls).toEqual([]);
  });

  it('offers the company\'s provider when the page names one, and back', () => {
    popupWindow();
    const { flow } = start({ session: signedOut });
    flow.send({ type: 'USE_SSO', startPath: '/api/users/Users/SSO/Start?company=summit' });
    expect(flow.state()).toBe('leavingForSso');
    expect(flow.context().ssoStart).toBe('/api/users/Users/SSO/Start?company=summit');
    flow.send({ type: 'USE_PASSWORD' });
    expect(flow.state()).toBe('signingIn');
  });

  it('single sign-on asked for (sso=1) goes straight to the company\'s provider', async () => {
    popupWindow();
    const provider = { available: true, companyName: 'Summit', startPath: '/api/users/Users/SSO/Start?company=summit' };
    const { host, flow } = start({ session: signedOut, query: { nonce: NONCE, sso: '1', company: 'summit' }, answers: { getSsoProvider: provider } });
    expect(flow.state()).toBe('findingProvider');
    await flow.settle();
    expect(host.callsTo('getSsoProvider')).toEqual([{ query: { company: 'summit' }, suppressToast: true }]);
    expect(flow.state()).toBe('leavingForSso');
    expect(flow.context().ssoStart).toBe(provider.startPath);
  });

  it('a company without a provider, a provider that cannot be asked, or no company: the sign-in page', async () => {
    popupWindow();
    const none = start({ session: signedOut, query: { nonce: NONCE, sso: '1', company: 'summit' }, answers: { getSsoProvider: { available: false } } });
    await none.flow.settle();
    expect(none.flow.state()).toBe('signingIn');
    const down = start({ session: signedOut, query: { nonce: NONCE, sso: '1', company: 'summit' }, answers: { getSsoProvider: fail(503) } });
    await down.flow.settle();
    expect(down.flow.state()).toBe('signingIn');
    const nameless = start({ session: signedOut, query: { nonce: NONCE, sso: '1' } });
    expect(nameless.flow.state()).toBe('signingIn');
    expect(nameless.host.calls).toEqual([]);
  });
});

describe('embed-handoff flow: an address no sign-in button made', () => {
  it('without a nonce the server would take, nothing is asked for, signed in or not', () => {
    popupWindow('portal');
    for (const nonce of [undefined, '', 'short', `${'a'.repeat(42)}!`, 'a'.repeat(129)]) {
      const { host, flow } = start({ query: nonce === undefined ? {} : { nonce } });
      expect(flow.state(), String(nonce)).toBe('incomplete');
      expect(flow.context().returnTo, String(nonce)).toBeNull();
      expect(host.calls, String(nonce)).toEqual([]);
    }
  });
});

describe('embed-handoff flow: opened by an app in the system browser (app=1)', () => {
  const APP_LINK = 'summitapp://signed-in';
  const inApp = (options: FakeHostOptions = {}, siteSettings: unknown = { nativeAppReturnUrl: APP_LINK }) => start({
    query: { nonce: NONCE, app: '1' },
    session: { isLoggedIn: true, refreshing: false, displayName: 'Ada', siteSettings },
    answers: { createEmbedHandoff: { code: CODE, expiresInSeconds: 60 } },
    ...options,
  });

  it('always asks first, then takes the code to the company\'s app link, and only there', async () => {
    const { win, portalOpener } = popupWindow('portal');
    const { host, flow } = inApp({ query: { nonce: NONCE, app: '1', code: 'x', next: 'evil://steal', nativeAppReturnUrl: 'evil://steal' } });
    expect(flow.state()).toBe('confirmingForApp');
    expect(host.calls).toEqual([]);
    flow.send({ type: 'CONTINUE' });
    expect(host.callsTo('createEmbedHandoff')).toEqual([{ body: { nonce: NONCE }, suppressToast: true }]);
    await flow.settle();
    expect(flow.state()).toBe('leavingForApp');
    expect(win.location.assign.mock.calls).toEqual([[`${APP_LINK}?code=${CODE}`]]);
    expect(portalOpener.postMessage).not.toHaveBeenCalled();
    expect(win.close).not.toHaveBeenCalled();
    // A browser that waits for a tap before opening an app: the button asks again, for the same link.
    flow.send({ type: 'RETURN_TO_APP' });
    expect(win.location.assign.mock.calls).toEqual([[`${APP_LINK}?code=${CODE}`], [`${APP_LINK}?code=${CODE}`]]);
    expect(host.callsTo('createEmbedHandoff')).toHaveLength(1);
  });

  it('without an app link (or with one the setting would not take), is done without leaving, and keeps the code nowhere', async () => {
    for (const link of [null, undefined, '', 'javascript://x%0Aalert(1)', 'not a link']) {
      const { win } = popupWindow();
      const { flow } = inApp({}, link === undefined ? {} : { nativeAppReturnUrl: link });
      flow.send({ type: 'CONTINUE' });
      await flow.settle();
      expect(flow.state(), String(link)).toBe('handedOverToApp');
      expect(flow.context().code, String(link)).toBeNull();
      expect(win.location.assign, String(link)).not.toHaveBeenCalled();
      expect(win.close, String(link)).not.toHaveBeenCalled();
    }
  });

  it('the visitor may refuse: nothing is asked for', () => {
    const { win } = popupWindow();
    const { host, flow } = inApp();
    flow.send({ type: 'CANCEL' });
    expect(flow.state()).toBe('cancelled');
    expect(host.calls).toEqual([]);
    expect(win.location.assign).not.toHaveBeenCalled();
  });

  it('a refusal says why, and nothing goes to the app', async () => {
    const { win } = popupWindow();
    const { flow } = inApp({ answers: { createEmbedHandoff: fail(409, { errorCode: 'EMB005', detail: 'Used' }) } });
    flow.send({ type: 'CONTINUE' });
    await flow.settle();
    expect(flow.state()).toBe('failed');
    expect(win.location.assign).not.toHaveBeenCalled();
  });

  it('signed out, the sign-in comes back here still for the app', () => {
    popupWindow();
    const { flow } = start({ session: signedOut, query: { nonce: NONCE, app: '1', sso: '1' } });
    expect(flow.state()).toBe('signingIn');
    expect(flow.context().returnTo).toBe(`/auth/embed-handoff?nonce=${NONCE}&app=1`);
  });

  it('only app=1 means an app', () => {
    popupWindow('portal');
    const { flow } = start({ query: { nonce: NONCE, app: 'yes' }, answers: { createEmbedHandoff: { code: CODE, expiresInSeconds: 60 } } });
    expect(flow.state()).toBe('creating');
  });
});

describe('the app link with the code', () => {
  it('adds the code as a query parameter: ? or &, before a fragment', () => {
    expect(appReturnAddress('summitapp://signed-in', CODE)).toBe(`summitapp://signed-in?code=${CODE}`);
    expect(appReturnAddress('summitapp://signed-in?from=portal', CODE)).toBe(`summitapp://signed-in?from=portal&code=${CODE}`);
    expect(appReturnAddress('summitapp://signed-in?', CODE)).toBe(`summitapp://signed-in?code=${CODE}`);
    expect(appReturnAddress('https://app.summit.example/open#signed-in', CODE)).toBe(`https://app.summit.example/open?code=${CODE}#signed-in`);
    expect(appReturnAddress('com.summit.app+x://a/b?x=1&', CODE)).toBe(`com.summit.app+x://a/b?x=1&code=${CODE}`);
  });

  it('is none for a link the setting would not take, a scheme that stays in the page, or a code the server would not give', () => {
    for (const link of [null, 42, '', 'summitapp:signed-in', 'Summitapp://x', '1app://x', 'summitapp://a b', `summitapp://${'x'.repeat(500)}`,
      'javascript://x%0Aalert(1)', 'vbscript://x', 'data://text/html,x', 'blob://x', 'file:///etc/passwd', 'about://blank']) {
      expect(isAppLink(link), String(link)).toBe(false);
      expect(appReturnAddress(link, CODE), String(link)).toBeNull();
    }
    for (const code of [null, 'short', `${'c'.repeat(43)}&x=1`, 'c'.repeat(129)]) expect(appReturnAddress('summitapp://x', code), String(code)).toBeNull();
  });
});

describe('the window\'s address', () => {
  it('is a page of the portal\'s own, never under the mirror; single sign-on and the company only when given', () => {
    expect(handoffWindowAddress(NONCE)).toBe(`/auth/embed-handoff?nonce=${NONCE}`);
    expect(handoffWindowAddress(NONCE, { sso: true, company: 'summit ridge' })).toBe(`/auth/embed-handoff?nonce=${NONCE}&sso=1&company=summit+ridge`);
    expect(handoffWindowAddress(NONCE, { sso: false, company: null })).toBe(`/auth/embed-handoff?nonce=${NONCE}`);
    expect(handoffWindowAddress(NONCE, { app: true, sso: true, company: 'summit' })).toBe(`/auth/embed-handoff?nonce=${NONCE}&app=1&sso=1&company=summit`);
  });
});

it('embed-handoff flow: every state is reached and every operation outcome is taken by a test above', () => {
  expect(coverage.missing()).toEqual([]);
});
