import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetSignals, subscribe, type Signal } from '../../../engine/core/embed/signals.ts';

import { createFakeHost, fail, runFlow, stubBrowser, trackCoverage, type FakeHostOptions } from '../support/flow-harness.ts';

const coverage = trackCoverage('session');

/** A token with the claims the portal reads (the server signs and verifies it; the portal only reads it). */
const token = (claims: Record<string, unknown>) => `h.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.s`;
const userToken = token({ UserId: 5, Customer: 'summit' });

const association = (id: number, name: string, designTemplate: string, properties: { propertyId: number; accountNumber: string }[]) => ({
  id, name, designTemplate,
  properties: properties.map((p) => ({ ...p, ownerId: 5, address: { address1: `${p.propertyId} Main St`, city: 'Denver', stateProvince: 'CO', postalCode: '80202' } })),
});
const settings = {
  userSettings: {
    designTemplate: 'Default',
    associations: [
      association(2, 'Summit Ridge', 'Ocean', [{ propertyId: 21, accountNumber: 'SUM-21' }, { propertyId: 22, accountNumber: 'SUM-22' }]),
      association(1, 'Lakeside', 'Forest', [{ propertyId: 11, accountNumber: 'LAK-11' }]),
    ],
    pages: [],
  },
  configuration: { company: { code: 'summit', name: 'Summit', pmbEnabled: true } },
};
const accounts = { accounts: [{ accountNumber: 'LAK-11', subLedgerId: 1, subLedgerName: 'Dues', currentBalanceCents: 12_500, blocked: false }] };
const answers = {
  getUser: { userId: 5, firstName: 'Ada', email: 'ada@example.com' },
  getHomeSettings: settings,
  getAccounts: accounts,
};
const start = (options: FakeHostOptions = {}) => {
  const host = createFakeHost({ answers, ...options });
  return { host, flow: runFlow('session', host, { coverage }) };
};

afterEach(() => { vi.unstubAllGlobals(); resetSignals(); });

describe('session flow: page load', () => {
  it('without a stored token the visitor is signed out and nothing is called', () => {
    const { host, flow } = start();
    expect(flow.state()).toBe('signedOut');
    expect(flow.context()).toMatchObject({ isLoggedIn: false, token: null });
    expect(host.calls).toEqual([]);
  });

  it('with a stored token: asks for the user, settings and accounts at once, and is signed in', async () => {
    const { host, flow } = start({ tokens: { user: userToken } });
    expect(flow.state()).toBe('loadingSession');
    expect(flow.context()).toMatchObject({ token: userToken, refreshing: true });
    // All three before any answer: none needs another's, so the page waits for one round trip.
    expect(host.calls.map((call) => call.operationId).sort()).toEqual(['getAccounts', 'getHomeSettings', 'getUser']);
    await flow.settle();
    expect(flow.state()).toBe('signedIn.idle');
    expect(host.calls).toHaveLength(3);
    expect(host.callsTo('getUser')).toEqual([{ params: { id: 5 }, suppressToast: true }]);
    expect(host.callsTo('getAccounts')).toEqual([{ suppressToast: true }]);
    // No portal token on page load: it is good once for 5 minutes, asked for as the address needing it opens.
    expect(host.calls.filter((call) => /PortalToken/.test(call.operationId))).toEqual([]);
    expect(host.tokens.has('portal')).toBe(false);
    const context = flow.context();
    expect(context).toMatchObject({
      isLoggedIn: true, refreshing: false, userId: 5, portalToken: null, customer: 'summit', pmbEnabled: true,
      accounts: accounts.accounts,
      // Associations by name: Lakeside first, so its only property is chosen, with its theme.
      selectedAssociationId: 1, selectedPropertyId: 11, theme: 'Forest',
    });
    expect((context.associations as { name: string }[]).map((a) => a.name)).toEqual(['Lakeside', 'Summit Ridge']);
    // An answer without features has every one on.
    expect(context.selectedAssociation).toMatchObject({ features: { documents: true, directory: true, pageBoard: true, businessManagement: true } });
    expect(context.selectedProperty).toMatchObject({ propertyId: 11, accountNumber: 'LAK-11' });
  });

  it('selects the property of ?accountNumber=, and business management stays off where the server says so', async () => {
    const notListed = { ...settings, configuration: { company: { code: 'other', name: 'Other', pmbEnabled: false } } };
    const { flow } = start({ tokens: { user: token({ UserId: 5, Customer: 'other' }) }, query: { accountNumber: 'SUM-22' }, answers: { ...answers, getHomeSettings: notListed } });
    await flow.settle();
    expect(flow.context()).toMatchObject({ selectedPropertyId: 22, selectedAssociationId: 2, theme: 'Ocean', pmbEnabled: false, customer: 'other' });
  });

  it('carries the help centre, embedded single sign-on and app link addresses the server answers into the site links, null when absent', async () => {
    const company = {
      code: 'summit', name: 'Summit', pmbEnabled: true, helpCentreUrl: 'https://help.example.org/start?lang=en', embeddedSsoUrl: 'https://sso.example.org/in', nativeAppReturnUrl: 'summitapp://signed-in',
    };
    const withLinks = start({ tokens: { user: userToken }, answers: { ...answers, getHomeSettings: { ...settings, configuration: { company } } } });
    await withLinks.flow.settle();
    expect(withLinks.flow.context().siteSettings).toMatchObject({
      helpCentreUrl: 'https://help.example.org/start?lang=en', embeddedSsoUrl: 'https://sso.example.org/in', nativeAppReturnUrl: 'summitapp://signed-in',
    });
    const without = start({ tokens: { user: userToken } });
    await without.flow.settle();
    expect(without.flow.context().siteSettings).toMatchObject({ helpCentreUrl: null, embeddedSsoUrl: null, nativeAppReturnUrl: null });
  });

  it('comes back to the property selected before (kept in local storage)', async () => {
    const browser = stubBrowser('/dashboard');
    const first = start({ tokens: { user: userToken } });
    await first.flow.settle();
    first.flow.send({ type: 'SELECT_PROPERTY', propertyId: 22 });
    expect(JSON.parse(browser.localStorage.getItem('portal.session') ?? '{}')).toMatchObject({ selectedPropertyId: 22, selectedAssociationId: 2 });
    const again = start({ tokens: { user: userToken } });
    await again.flow.settle();
    expect(again.flow.context()).toMatchObject({ selectedPropertyId: 22, selectedAssociationId: 2, theme: 'Ocean' });
  });

  it('a stored token the server no longer accepts signs out and clears the user and portal tokens', async () => {
    const { host, flow } = start({ tokens: { user: userToken, portal: 'old' }, answers: { ...answers, getUser: fail(401) } });
    await flow.settle();
    expect(flow.state()).toBe('signedOut');
    expect(host.tokens.has('user')).toBe(false);
    expect(host.tokens.has('portal')).toBe(false);
    expect(flow.context()).toMatchObject({ isLoggedIn: false, token: null, user: null, settings: null, accounts: [] });
  });

  it('a stored token without a user id is not sent to the server: signed out at once', async () => {
    const { host, flow } = start({ tokens: { user: token({ Customer: 'summit' }) } });
    await flow.settle();
    expect(flow.state()).toBe('signedOut');
    expect(host.calls).toEqual([]);
    expect(host.tokens.has('user')).toBe(false);
  });

  it('settings the server refuses (401) sign out and clear the tokens', async () => {
    const { host, flow } = start({ tokens: { user: userToken }, answers: { ...answers, getHomeSettings: fail(401) } });
    await flow.settle();
    expect(flow.state()).toBe('signedOut');
    expect([...host.tokens.keys()]).toEqual([]);
    expect(flow.context()).toMatchObject({ isLoggedIn: false, settings: null, accounts: [] });
  });

  it('a failed or aborted load (not a refusal) signs out for now but keeps the token for the next page load', async () => {
    const { host, flow } = start({ tokens: { user: userToken }, answers: { ...answers, getHomeSettings: fail(500) } });
    await flow.settle();
    expect(flow.state()).toBe('signedOut');
    expect(flow.context()).toMatchObject({ isLoggedIn: false, user: null });
    expect(host.tokens.get('user')).toBe(userToken);
    expect(flow.context()).toMatchObject({ settings: null, accounts: [] });

    const again = start({ tokens: { user: userToken }, answers: { ...answers, getUser: fail(503) } });
    await again.flow.settle();
    expect(again.flow.state()).toBe('signedOut');
    expect(again.host.tokens.get('user')).toBe(userToken);
  });

  it('accounts that fail to load still sign in, with no balances', async () => {
    const { flow } = start({ tokens: { user: userToken }, answers: { ...answers, getAccounts: fail(503) } });
    await flow.settle();
    expect(flow.state()).toBe('signedIn.idle');
    expect(flow.context()).toMatchObject({ isLoggedIn: true, refreshing: false, accounts: [], selectedPropertyId: 11 });
  });
});

describe('session flow: signed in', () => {
  it('LOGIN from signed out stores the token and loads the session', async () => {
    const { host, flow } = start();
    flow.send({ type: 'LOGIN', token: userToken });
    expect(host.tokens.get('user')).toBe(userToken);
    await flow.settle();
    expect(flow.state()).toBe('signedIn.idle');
    expect(flow.context()).toMatchObject({ isLoggedIn: true, token: userToken });
  });

  it('refreshes the accounts after a payment without leaving the signed-in state; a failure keeps the old ones', async () => {
    const { host, flow } = start({ tokens: { user: userToken } });
    await flow.settle();
    const paid = { accounts: [{ ...accounts.accounts[0], currentBalanceCents: 0 }] };
    host.answers.getAccounts = paid;
    flow.send({ type: 'REFRESH_ACCOUNTS' });
    expect(flow.state()).toBe('signedIn.refreshingAccounts');
    expect(flow.context().isLoggedIn).toBe(true);
    await flow.settle();
    expect(flow.state()).toBe('signedIn.idle');
    expect(flow.context().accounts).toEqual(paid.accounts);

    host.answers.getAccounts = fail(503);
    flow.send({ type: 'REFRESH_ACCOUNTS' });
    await flow.settle();
    expect(flow.state()).toBe('signedIn.idle');
    expect(flow.context()).toMatchObject({ accounts: paid.accounts, isLoggedIn: true });
    expect(host.callsTo('getAccounts')).toHaveLength(3);
  });

  it('REFRESH reloads settings and accounts, keeping the selected property', async () => {
    const { host, flow } = start({ tokens: { user: userToken } });
    await flow.settle();
    flow.send({ type: 'SELECT_PROPERTY', propertyId: 21 });
    flow.send({ type: 'REFRESH' });
    expect(flow.state()).toBe('loadingSettings');
    await flow.settle();
    expect(flow.state()).toBe('signedIn.idle');
    expect(host.callsTo('getHomeSettings')).toHaveLength(2);
    expect(flow.context()).toMatchObject({ selectedPropertyId: 21, selectedAssociationId: 2 });
  });

  it('REFRESH: accounts that fail keep the old ones, signed in; settings that fail sign out, and clear the tokens when refused', async () => {
    const { host, flow } = start({ tokens: { user: userToken } });
    await flow.settle();
    host.answers.getAccounts = fail(503);
    flow.send({ type: 'REFRESH' });
    await flow.settle();
    expect(flow.state()).toBe('signedIn.idle');
    expect(flow.context()).toMatchObject({ isLoggedIn: true, refreshing: false, accounts: accounts.accounts });

    host.answers.getHomeSettings = fail(500);
    flow.send({ type: 'REFRESH' });
    await flow.settle();
    expect(flow.state()).toBe('signedOut');
    expect(host.tokens.get('user')).toBe(userToken);

    const refused = start({ tokens: { user: userToken, portal: 'portal-0' } });
    await refused.flow.settle();
    refused.host.answers.getHomeSettings = fail(401);
    refused.flow.send({ type: 'REFRESH' });
    await refused.flow.settle();
    expect(refused.flow.state()).toBe('signedOut');
    expect([...refused.host.tokens.keys()]).toEqual([]);
  });

  it('selecting a property follows its association and theme; an unknown property changes nothing', async () => {
    const { flow } = start({ tokens: { user: userToken } });
    await flow.settle();
    flow.send({ type: 'SELECT_PROPERTY', propertyId: 22 });
    expect(flow.context()).toMatchObject({ selectedPropertyId: 22, selectedAssociationId: 2, theme: 'Ocean' });
    expect(flow.context().selectedProperty).toMatchObject({ accountNumber: 'SUM-22' });
    flow.send({ type: 'SELECT_PROPERTY', propertyId: 999 });
    expect(flow.context()).toMatchObject({ selectedPropertyId: 22, theme: 'Ocean' });
  });

  it('a theme chosen by the user wins over the association until it follows the association again', async () => {
    const { flow } = start({ tokens: { user: userToken } });
    await flow.settle();
    flow.send({ type: 'SET_THEME', theme: 'Night' });
    flow.send({ type: 'SELECT_PROPERTY', propertyId: 21 });
    expect(flow.context()).toMatchObject({ theme: 'Night', themeOverride: true });
    flow.send({ type: 'FOLLOW_THEME' });
    expect(flow.context()).toMatchObject({ theme: 'Ocean', themeOverride: false });
  });

  it('an association page brands the portal for visitors only', async () => {
    const visitor = start();
    visitor.flow.send({ type: 'BRAND', theme: 'Ocean' });
    expect(visitor.flow.context().theme).toBe('Ocean');
    const member = start({ tokens: { user: userToken } });
    await member.flow.settle();
    member.flow.send({ type: 'BRAND', theme: 'Ocean' });
    expect(member.flow.context().theme).toBe('Forest');
  });

  it('a page about no known association shows visitors the default theme again', async () => {
    const visitor = start();
    visitor.flow.send({ type: 'BRAND', theme: 'Ocean' });
    visitor.flow.send({ type: 'UNBRAND' });
    expect(visitor.flow.context().theme).toBe('Default');
    const member = start({ tokens: { user: userToken } });
    await member.flow.settle();
    member.flow.send({ type: 'UNBRAND' });
    expect(member.flow.context().theme).toBe('Forest');
  });

  it('LOGOUT ends the session on the server, signs out, clears the user and portal tokens and the sign-in form kept for the browser session', async () => {
    const { host, flow } = start({ tokens: { user: userToken, guestPay: 'guest' }, answers: { ...answers, logout: null } });
    await flow.settle();
    flow.send({ type: 'LOGOUT' });
    expect(flow.state()).toBe('signedOut');
    expect(host.callsTo('logout')).toEqual([{ suppressToast: true }]);
    expect(flow.context()).toMatchObject({ isLoggedIn: false, token: null, portalToken: null, accounts: [], selectedPropertyId: null });
    expect([...host.tokens.keys()]).toEqual(['guestPay']);
    expect(host.clearedStorage).toEqual([{ storage: 'session', key: 'portal.authFlow' }]);
  });

  it('LOGOUT signs out even when the server cannot be told; a signed-out portal tells it nothing', async () => {
    const { host, flow } = start({ tokens: { user: userToken }, answers: { ...answers, logout: fail(503) } });
    await flow.settle();
    flow.send({ type: 'LOGOUT' });
    await flow.settle();
    expect(flow.state()).toBe('signedOut');
    expect(host.callsTo('logout')).toHaveLength(1);
    expect(host.tokens.has('user')).toBe(false);
    flow.send({ type: 'LOGOUT' });
    expect(host.callsTo('logout')).toHaveLength(1);
  });
});

describe('session flow: mimic mode', () => {
  // A mimic session's token: the owner (5) as the user, the staff member (9) acting in `act`.
  const mimicToken = token({ UserId: 5, Customer: 'summit', act: { sub: '9', mim: 3 } });
  const mimic = { ownerName: 'Ada Lovelace', staffName: 'Sam Staff', companyName: 'Summit', startedAt: '2026-11-29T17:00:00Z', expiresAt: '2026-11-29T17:30:00Z' };
  const mimicAnswers = { ...answers, getMimic: mimic, endMimic: null };

  it('a token naming a staff member acting (act) is a mimic session: getMimic is read with the rest, for the notice', async () => {
    const { host, flow } = start({ tokens: { user: mimicToken }, answers: mimicAnswers });
    await flow.settle();
    expect(flow.state()).toBe('signedIn.idle');
    expect(host.callsTo('getMimic')).toEqual([{ suppressToast: true }]);
    expect(flow.context()).toMatchObject({ isMimic: true, mimic, mimicReturnTo: '/manage/people/5', userId: 5 });
  });

  it('an ordinary token reads no mimic session', async () => {
    const { host, flow } = start({ tokens: { user: userToken } });
    await flow.settle();
    expect(host.callsTo('getMimic')).toEqual([]);
    expect(flow.context()).toMatchObject({ isMimic: false, mimic: null, mimicReturnTo: null });
  });

  it('a token stored for the tab (TOKEN_STORED) replaces the session there and then, forgetting the one before', async () => {
    const { host, flow } = start({ tokens: { user: userToken }, answers: mimicAnswers });
    await flow.settle();
    host.env.setToken('user', mimicToken, { tab: true });
    flow.send({ type: 'TOKEN_STORED' });
    // Signed out first (the page's query cache is emptied), then loaded a tick later.
    expect(flow.state()).toBe('switchingSession');
    expect(flow.context()).toMatchObject({ isLoggedIn: false, userId: null });
    const callsBefore = host.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 0));
    await flow.settle();
    expect(flow.state()).toBe('signedIn.idle');
    expect(flow.context()).toMatchObject({ token: mimicToken });
    expect(host.calls.slice(callsBefore).map((call) => call.operationId).sort()).toEqual(['getAccounts', 'getHomeSettings', 'getMimic', 'getUser']);
    expect(flow.context()).toMatchObject({ isMimic: true, isLoggedIn: true });
    // The browser's own token is untouched.
    expect(host.tokens.get('user')).toBe(userToken);
  });

  it('End ends the mimic session on the server, clears the tab’s tokens and loads the owner’s console page afresh', async () => {
    const { host, flow } = start({ tokens: { user: mimicToken }, answers: mimicAnswers });
    await flow.settle();
    flow.send({ type: 'END_MIMIC' });
    expect(flow.state()).toBe('endingMimic');
    await flow.settle();
    expect(host.callsTo('endMimic')).toEqual([{ suppressToast: true }]);
    expect(flow.state()).toBe('leavingMimic');
    expect(host.tokens.has('user')).toBe(false);
    expect(host.tokens.has('portal')).toBe(false);
    expect(host.reloads).toEqual(['/manage/people/5']);
  });

  it('End leaves all the same when the server had ended the session already', async () => {
    const { host, flow } = start({ tokens: { user: mimicToken }, answers: { ...mimicAnswers, endMimic: fail(401) } });
    await flow.settle();
    flow.send({ type: 'END_MIMIC' });
    await flow.settle();
    expect(flow.state()).toBe('leavingMimic');
    expect(host.reloads).toEqual(['/manage/people/5']);
  });

  it('the countdown reaching zero leaves without asking the server (it refuses the token by then)', async () => {
    const { host, flow } = start({ tokens: { user: mimicToken }, answers: mimicAnswers });
    await flow.settle();
    flow.send({ type: 'MIMIC_ELAPSED' });
    expect(flow.state()).toBe('leavingMimic');
    expect(host.callsTo('endMimic')).toEqual([]);
    expect(host.reloads).toEqual(['/manage/people/5']);
  });

  it('a mimic tab opened again after its session ended goes back to the owner\'s console page, not to sign-in', async () => {
    const { host, flow } = start({ tokens: { user: mimicToken }, answers: { ...mimicAnswers, getUser: fail(401), getMimic: fail(401) } });
    await flow.settle();
    expect(flow.state()).toBe('leavingMimic');
    expect(host.tokens.has('user')).toBe(false);
    expect(host.reloads).toEqual(['/manage/people/5']);
  });

  it('outside mimic mode, End and the countdown change nothing', async () => {
    const { host, flow } = start({ tokens: { user: userToken } });
    await flow.settle();
    flow.send({ type: 'END_MIMIC' });
    flow.send({ type: 'MIMIC_ELAPSED' });
    expect(flow.state()).toBe('signedIn.idle');
    expect(host.reloads).toEqual([]);
  });
});

describe('session flow: in another site\'s frame (under /embed)', () => {
  /** What the session told the host of the frame (engine/core/embed/signals.ts). */
  const heard = () => {
    const signals: Signal[] = [];
    subscribe((signal) => { signals.push(signal); });
    return signals;
  };
  const session = { token: userToken, userId: 5, user: { userId: 5, email: 'ada@example.com' } };
  const framed = (options: FakeHostOptions = {}, pathname = '/embed/dashboard') => {
    stubBrowser(pathname);
    return start({ query: { association: 'maplegrove' }, ...options });
  };
  /** The events the session sent itself (the fake host records them), handed back to it as the portal does. */
  const deliverOwnEvents = (host: ReturnType<typeof start>['host'], flow: ReturnType<typeof start>['flow']) => {
    for (const event of host.sessionEvents.splice(0)) flow.send(event);
  };

  it('with nothing in memory, asks for the sign-in the renewal cookie keeps, and loads it as a stored token would be', async () => {
    const { host, flow } = framed({ answers: { ...answers, renewEmbeddedSession: session } });
    expect(flow.state()).toBe('renewingEmbedded');
    expect(flow.context()).toMatchObject({ embedded: true, embedAssociation: 'maplegrove', refreshing: true });
    expect(host.callsTo('renewEmbeddedSession')).toEqual([{ suppressToast: true }]);
    await flow.settle();
    expect(flow.state()).toBe('signedIn.idle');
    expect(host.tokens.get('user')).toBe(userToken);
    expect(flow.context()).toMatchObject({ isLoggedIn: true, token: userToken, userId: 5, embedRenewal: 'cookie' });
    // A renewed sign-in is kept already: it is not asked for again.
    expect(host.callsTo('startEmbeddedRenewal')).toEqual([]);
  });

  it('reloaded without ?association= (back from a provider\'s page), takes the association the renewal was made for; the address\'s wins', async () => {
    const renewed = { ...answers, renewEmbeddedSession: { ...session, associationCode: 'maplegrove' } };
    stubBrowser('/embed/billing/instant-payment');
    const bare = start({ answers: renewed });
    await bare.flow.settle();
    expect(bare.flow.context()).toMatchObject({ embedded: true, embedAssociation: 'maplegrove', isLoggedIn: true });
    const named = framed({ query: { association: 'cedarpoint' }, answers: renewed });
    await named.flow.settle();
    expect(named.flow.context()).toMatchObject({ embedAssociation: 'cedarpoint', isLoggedIn: true });
  });

  it('no renewal (401) is a visitor not signed in: signed out, with nothing to clear and nothing told to the host', async () => {
    const signals = heard();
    const { host, flow } = framed({ answers: { ...answers, renewEmbeddedSession: fail(401, { errorCode: 'EMB003' }) } });
    await flow.settle();
    expect(flow.state()).toBe('signedOut');
    expect(flow.context()).toMatchObject({ isLoggedIn: false, refreshing: false, embedded: true, embedRenewal: null });
    expect(host.calls.map((call) => call.operationId)).toEqual(['renewEmbeddedSession']);
    await vi.waitFor(() => expect(signals).toEqual([]));
  });

  it('no cookie at all (204) is a visitor who never signed in here: signed out, nothing told to the host', async () => {
    const signals = heard();
    const { host, flow } = framed({ answers: { ...answers, renewEmbeddedSession: null } });
    await flow.settle();
    expect(flow.state()).toBe('signedOut');
    expect(flow.context()).toMatchObject({ isLoggedIn: false, refreshing: false, embedded: true, embedRenewal: null });
    expect(host.calls.map((call) => call.operationId)).toEqual(['renewEmbeddedSession']);
    await vi.waitFor(() => expect(signals).toEqual([]));
  });

  it('a token somehow in memory already is loaded without asking for a renewal', async () => {
    const { host, flow } = framed({ tokens: { user: userToken } });
    await flow.settle();
    expect(flow.state()).toBe('signedIn.idle');
    expect(host.callsTo('renewEmbeddedSession')).toEqual([]);
  });

  it('outside the mirror a page asks for no renewal; a path that only begins like it is not under it', async () => {
    for (const pathname of ['/dashboard', '/embedded/dashboard', '/login']) {
      stubBrowser(pathname);
      const { host, flow } = start({ query: { association: 'maplegrove' } });
      expect(flow.state(), pathname).toBe('signedOut');
      expect(flow.context(), pathname).toMatchObject({ embedded: false, embedAssociation: null });
      expect(host.calls, pathname).toEqual([]);
    }
    const { flow } = framed({ answers: { ...answers, renewEmbeddedSession: fail(401) } }, '/EMBED/Login');
    expect(flow.context().embedded).toBe(true);
  });

  it('a sign-in (LOGIN) is kept across reloads: the renewal is asked for the association of the first address, and its answer remembered', async () => {
    const { host, flow } = framed({ answers: { ...answers, renewEmbeddedSession: fail(401), startEmbeddedRenewal: { renewal: 'cookie' } } });
    await flow.settle();
    flow.send({ type: 'LOGIN', token: userToken });
    await flow.settle();
    expect(flow.state()).toBe('signedIn.idle');
    // The renewal is asked for by the module only framed pages fetch (flows/session-embedding.ts).
    await vi.waitFor(() => expect(host.sessionEvents).not.toEqual([]));
    expect(host.callsTo('startEmbeddedRenewal')).toEqual([{ body: { association: 'maplegrove' }, suppressToast: true }]);
    expect(host.sessionEvents).toEqual([{ type: 'EMBED_RENEWAL', renewal: 'cookie', token: userToken }]);
    deliverOwnEvents(host, flow);
    expect(flow.context().embedRenewal).toBe('cookie');
  });

  it('a browser that keeps no cookie (none), or a renewal refused, leaves the sign-in for this page only', async () => {
    const none = framed({ answers: { ...answers, renewEmbeddedSession: fail(401), startEmbeddedRenewal: { renewal: 'none' } } });
    await none.flow.settle();
    none.flow.send({ type: 'LOGIN', token: userToken });
    await none.flow.settle();
    await vi.waitFor(() => expect(none.host.sessionEvents).not.toEqual([]));
    deliverOwnEvents(none.host, none.flow);
    expect(none.flow.context()).toMatchObject({ embedRenewal: 'none', isLoggedIn: true });

    const refused = framed({ answers: { ...answers, renewEmbeddedSession: fail(401), startEmbeddedRenewal: fail(403, { errorCode: 'MIM001' }) } });
    await refused.flow.settle();
    refused.flow.send({ type: 'LOGIN', token: userToken });
    await refused.flow.settle();
    await vi.waitFor(() => expect(refused.host.sessionEvents).not.toEqual([]));
    deliverOwnEvents(refused.host, refused.flow);
    expect(refused.flow.context()).toMatchObject({ embedRenewal: 'none', isLoggedIn: true });
  });

  it('a page opened without ?association= asks for a renewal bound to no association', async () => {
    stubBrowser('/embed/login');
    const { host, flow } = start({ answers: { ...answers, renewEmbeddedSession: fail(401), startEmbeddedRenewal: { renewal: 'cookie' } } });
    await flow.settle();
    expect(flow.context().embedAssociation).toBeNull();
    flow.send({ type: 'LOGIN', token: userToken });
    await flow.settle();
    await vi.waitFor(() => expect(host.callsTo('startEmbeddedRenewal')).toEqual([{ body: {}, suppressToast: true }]));
  });

  it('an answer for a sign-in that has ended since is not taken for the session of now', async () => {
    const { host, flow } = framed({ answers: { ...answers, renewEmbeddedSession: fail(401), logout: null } });
    await flow.settle();
    flow.send({ type: 'LOGIN', token: userToken });
    await flow.settle();
    flow.send({ type: 'LOGOUT' });
    flow.send({ type: 'EMBED_RENEWAL', renewal: 'cookie', token: userToken });
    expect(flow.context().embedRenewal).toBeNull();
    expect(host.tokens.has('user')).toBe(false);
  });

  it('outside a frame a sign-in asks for no renewal', async () => {
    stubBrowser('/login');
    const { host, flow } = start();
    flow.send({ type: 'LOGIN', token: userToken });
    await flow.settle();
    expect(flow.state()).toBe('signedIn.idle');
    expect(host.callsTo('startEmbeddedRenewal')).toEqual([]);
    expect(host.sessionEvents).toEqual([]);
  });

  it('a token a host handed over (TOKEN_STORED) is kept across reloads too', async () => {
    const { host, flow } = framed({ answers: { ...answers, renewEmbeddedSession: fail(401), startEmbeddedRenewal: { renewal: 'cookie' } } });
    await flow.settle();
    host.env.setToken('user', userToken);
    flow.send({ type: 'TOKEN_STORED' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    await flow.settle();
    expect(flow.state()).toBe('signedIn.idle');
    expect(host.callsTo('startEmbeddedRenewal')).toEqual([{ body: { association: 'maplegrove' }, suppressToast: true }]);
  });

  it('signing out tells the host (signed-out); signing out again, or outside a frame, tells it nothing', async () => {
    const signals = heard();
    const { flow } = framed({ answers: { ...answers, renewEmbeddedSession: session, logout: null } });
    await flow.settle();
    flow.send({ type: 'LOGOUT' });
    expect(flow.state()).toBe('signedOut');
    expect(flow.context()).toMatchObject({ embedded: true, embedRenewal: null, isLoggedIn: false });
    flow.send({ type: 'LOGOUT' });
    await vi.waitFor(() => expect(signals).toEqual([{ type: 'signed-out' }]));

    stubBrowser('/dashboard');
    const outside = start({ tokens: { user: userToken }, answers: { ...answers, logout: null } });
    await outside.flow.settle();
    outside.flow.send({ type: 'LOGOUT' });
    // Nothing more is said: a signal would have arrived by now (its module is already fetched).
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(signals).toEqual([{ type: 'signed-out' }]);
  });

  it('a session the server refuses tells the host it is signed out, on load and on a settings refresh', async () => {
    const signals = heard();
    const onLoad = framed({ answers: { ...answers, renewEmbeddedSession: session, getUser: fail(401) } });
    await onLoad.flow.settle();
    expect(onLoad.flow.state()).toBe('signedOut');
    await vi.waitFor(() => expect(signals).toEqual([{ type: 'signed-out' }]));

    const onRefresh = framed({ answers: { ...answers, renewEmbeddedSession: session } });
    await onRefresh.flow.settle();
    onRefresh.host.answers.getHomeSettings = fail(401);
    onRefresh.flow.send({ type: 'REFRESH' });
    await onRefresh.flow.settle();
    expect(onRefresh.flow.state()).toBe('signedOut');
    await vi.waitFor(() => expect(signals).toEqual([{ type: 'signed-out' }, { type: 'signed-out' }]));
  });

  it('the sign-in page opened by a page that needs a session tells the host a sign-in is needed, in a frame only', async () => {
    const signals = heard();
    const { flow } = framed({ answers: { ...answers, renewEmbeddedSession: fail(401) } });
    await flow.settle();
    flow.send({ type: 'SIGN_IN_NEEDED' });
    await vi.waitFor(() => expect(signals).toEqual([{ type: 'sign-in-needed' }]));

    stubBrowser('/login');
    start().flow.send({ type: 'SIGN_IN_NEEDED' });
    // Nothing more is said: a signal would have arrived by now (its module is already fetched).
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(signals).toEqual([{ type: 'sign-in-needed' }]);
  });
});

it('session flow: every state is reached and every operation outcome is taken by a test above', () => {
  expect(coverage.missing()).toEqual([]);
});
