import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { compileRedirects, type RedirectsDoc } from '../../engine/core/redirects.ts';
import { matchesRoutePattern } from '../../engine/core/paths.ts';

const doc: RedirectsDoc = {
  legacyPrefixes: ['Homeowner_v2', 'Home_v2', 'Board_v2', 'Payments_v2'],
  redirects: [
    { from: 'Homeowner_v2/SubmitRequest', to: '/community/new-request' },
    { from: '*/Directory', to: '/community/directory' },
    { from: 'Homeowner_v2/Messages', to: '/community/requests', withSubPath: '/my/messages' },
    { from: 'Custom_v2/:param', to: '/custom/:param' },
    { from: '*/Help', to: '/community/help' },
    { from: 'Board_v2/Help', to: '/board/help' },
  ],
};
const table = compileRedirects(doc, { mirrors: ['/embed'] });

describe('compileRedirects', () => {
  it('maps a literal legacy path', () => {
    expect(table.resolve('/Homeowner_v2/SubmitRequest', '')).toBe('/community/new-request');
  });
  it('ignores case on whole segments only', () => {
    expect(table.resolve('/homeowner_V2/submitrequest', '')).toBe('/community/new-request');
    expect(table.resolve('/Homeowner_v2/SubmitRequests', '')).toBeNull();
    expect(table.resolve('/Homeowner_v2', '')).toBeNull();
  });
  it('matches * against every legacy prefix and nothing else', () => {
    for (const p of ['Homeowner_v2', 'Home_v2', 'Board_v2', 'Payments_v2']) {
      expect(table.resolve(`/${p}/Directory`, '')).toBe('/community/directory');
    }
    expect(table.resolve('/Other_v2/Directory', '')).toBeNull();
    expect(table.resolve('/Directory', '')).toBeNull();
  });
  it('prefers a literal entry over a wildcard one', () => {
    expect(table.resolve('/Board_v2/Help', '')).toBe('/board/help');
    expect(table.resolve('/Home_v2/Help', '')).toBe('/community/help');
  });
  it('appends the rest of the path and keeps the query string', () => {
    expect(table.resolve('/Home_v2/Directory/a/b', '?x=1&y=2')).toBe('/community/directory/a/b?x=1&y=2');
    expect(table.resolve('/Home_v2/Directory', 'x=1')).toBe('/community/directory?x=1');
    expect(table.resolve('/Home_v2/Directory', '?')).toBe('/community/directory');
  });
  it('uses withSubPath only when a rest exists', () => {
    expect(table.resolve('/Homeowner_v2/Messages', '')).toBe('/community/requests');
    expect(table.resolve('/Homeowner_v2/Messages/42', '?a=b')).toBe('/my/messages/42?a=b');
  });
  it('does not treat a trailing slash as a rest', () => {
    expect(table.resolve('/Homeowner_v2/Messages/', '')).toBe('/community/requests');
  });
  it('substitutes :param segments', () => {
    expect(table.resolve('/Custom_v2/DoThing', '?id=3')).toBe('/custom/DoThing?id=3');
    expect(table.resolve('/custom_v2/DoThing/more', '')).toBe('/custom/DoThing/more');
    expect(table.resolve('/Custom_v2', '')).toBeNull();
  });
  it('keeps a mirror prefix', () => {
    expect(table.resolve('/embed/Homeowner_v2/Messages/7', '?q=1')).toBe('/embed/my/messages/7?q=1');
    expect(table.resolve('/embed/Home_v2/Directory', '')).toBe('/embed/community/directory');
    expect(table.resolve('/embed', '')).toBeNull();
  });
  it('returns null for current addresses', () => {
    expect(table.resolve('/community/directory', '')).toBeNull();
    expect(table.resolve('/', '')).toBeNull();
  });
  it('exposes entries in match order', () => {
    expect(table.entries[0].segments.length).toBe(2);
    expect(table.entries.findIndex((e) => e.from === 'Board_v2/Help'))
      .toBeLessThan(table.entries.findIndex((e) => e.from === '*/Help'));
  });
  it('works without options or entries', () => {
    expect(compileRedirects({}).resolve('/x', '')).toBeNull();
  });
});

describe('schemas/redirects.yaml', () => {
  const real = compileRedirects(parse(readFileSync('schemas/redirects.yaml', 'utf8')), { mirrors: ['/embed'] });
  const cases: [string, string][] = [
    ['/Homeowner_v2/SubmitRequest', '/community/new-request'],
    ['/Homeowner_v2/GeneralRequest', '/community/new-request'],
    ['/Homeowner_v2/ReservationRequest', '/community/new-request'],
    ['/Homeowner_v2/Billing', '/billing'],
    ['/Homeowner_v2/MakeRecurringPayments', '/billing'],
    ['/Payments_v2/eCheck', '/billing'],
    ['/Payments_v2/MakeRecurringPayment', '/billing'],
    ['/Homeowner_v2/Messages', '/community/requests'],
    ['/Homeowner_v2/Messages/12', '/my/messages/12'],
    ['/Homeowner_v2/ContactInfo', '/my/profile-settings'],
    ['/Homeowner_v2/MyLogin', '/my/profile-settings'],
    ['/Board_v2/Directory', '/community/directory'],
    ['/Payments_v2/OwnerDashboard', '/dashboard'],
    ['/Home_v2/PayNow', '/paynow'],
    ['/Payments_v2/AutoDraftForm', '/billing/auto-draft'],
    ['/Homeowner_v2/AutoDraftEnrollment', '/billing/auto-draft'],
    ['/Home_v2/Help', '/community/help'],
    ['/Homeowner_v2/FAQ', '/community/faq'],
    ['/Homeowner_v2/Documents/5', '/community/documents/5'],
    ['/Home_v2/ResourceCalendar', '/community/calendar'],
    ['/Homeowner_v2/Calendar', '/community/calendar'],
    ['/Board_v2/ArcRequest', '/board/arcs'],
    ['/Home_v2/Login', '/login'],
    ['/Home_v2/SignUp', '/create-account'],
    ['/Home_v2/Registration', '/request-account'],
    ['/Home_v2/ForgotPassword', '/forgot-login'],
    ['/Board_v2/ToDoList', '/board/to-do-list'],
    ['/Board_v2/HomeownerList', '/board/homeowners'],
    ['/Board_v2/ActionItems_ARC', '/board/arcs'],
    ['/Board_v2/ActionItems_WorkOrders', '/board/work-orders'],
    ['/Board_v2/BankAccounts', '/board/bank-accounts'],
    ['/Board_v2/Reports', '/board/reports'],
    ['/Custom_v2/Vote', '/custom/Vote'],
  ];
  it.each(cases)('%s -> %s', (from, to) => {
    expect(real.resolve(from, '?k=v')).toBe(`${to}?k=v`);
    expect(real.resolve(`/embed${from}`, '')).toBe(`/embed${to}`);
  });

  it.each([
    ['/Documents', '/community/documents'],
    ['/documents/5', '/community/documents/5'],
    ['/Directory', '/community/directory'],
    ['/Calendar', '/community/calendar'],
    ['/OwnerDashboard', '/dashboard'],
    ['/Help', '/community/help'],
    ['/FAQ', '/community/faq'],
    ['/ArcRequest', '/board/arcs'],
  ])('%s, named without a legacy prefix, -> %s', (from, to) => {
    expect(real.resolve(from, '?k=v')).toBe(`${to}?k=v`);
    expect(real.resolve(`/embed${from}`, '')).toBe(`/embed${to}`);
  });
  it('never redirects the guest payment page, however its address is written', () => {
    for (const page of ['/paynow', '/PayNow', '/PAYNOW', '/embed/PayNow']) expect(real.resolve(page, ''), page).toBeNull();
  });
});

describe('matchesRoutePattern', () => {
  it('matches optional, dynamic, splat and placeholder segments', () => {
    expect(matchesRoutePattern('/login/:clientId?', '/login')).toBe(true);
    expect(matchesRoutePattern('/login/:clientId?', '/login/abc')).toBe(true);
    expect(matchesRoutePattern('/login/:clientId?', '/login/abc/d')).toBe(false);
    expect(matchesRoutePattern('/custom/:legacyAction', '/custom/:param')).toBe(true);
    expect(matchesRoutePattern('/custom/list', '/custom/:param')).toBe(false);
    expect(matchesRoutePattern('/*', '/anything/here')).toBe(true);
    expect(matchesRoutePattern('/Board/Arcs', '/board/arcs')).toBe(true);
    expect(matchesRoutePattern('/', '/')).toBe(true);
  });
});
