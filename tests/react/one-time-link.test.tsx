// The one-time-link widget: a button opening another site in a new tab with a value asked of an
// operation at that moment, added to the address's query. The tab opens with the click (blank) and
// is sent on once the value has come; each use asks afresh (a value good once is never reused from
// the cache); a failure closes the tab and is said beside the button; a blocked tab leaves a link;
// an address that is not http or https shows nothing. Also the address rule it shares.
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WidgetNodeConfig } from '../../engine/react/app/config-types.ts';
import { withQueryValue } from '../../engine/react/widgets/OneTimeLinkWidget.tsx';
import { fakeApi, makeRuntime, projectConfig, renderNodes, type Answer } from './support/query-harness.tsx';

const PORTAL = 'GET /api/users/Users/Authenticate/PortalToken';
const node = (href: string): WidgetNodeConfig => ({
  widget: 'one-time-link', text: 'test.open', blockedText: 'test.blocked', href, operation: 'getPortalToken', field: 'token', param: 'portalToken',
} as WidgetNodeConfig);

/** A tab as window.open gives it, recording where it was sent and whether it was closed. */
function fakeTab() {
  const tab = { opener: {} as unknown, closed: false, sentTo: [] as string[], location: { replace: (url: string) => { tab.sentTo.push(url); } }, close: () => { tab.closed = true; } };
  return tab;
}

async function show(href: string, answer: Answer, opened: ReturnType<typeof fakeTab> | null) {
  const api = fakeApi({ [PORTAL]: answer });
  const open = vi.fn(() => opened);
  vi.stubGlobal('open', open);
  localStorage.setItem('portal.token', 'h.eyJVc2VySWQiOjV9.s');
  const { runtime, translator } = makeRuntime(projectConfig({}, { 'test.open': 'Open the help centre', 'test.blocked': 'Open it here' }));
  const result = await renderNodes(runtime, translator, [node(href)]);
  await waitFor(() => expect(result.container.textContent).not.toContain('Loading'), { timeout: 20_000 });
  return { api, open, result };
}

const click = async () => {
  await act(async () => { fireEvent.click(screen.getByRole('button', { name: 'Open the help centre' })); });
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('withQueryValue', () => {
  it('adds the value with ? or &, encoded, before any fragment, keeping the rest as written', () => {
    expect(withQueryValue('https://help.example.org', 'portalToken', 'a.b-c')).toBe('https://help.example.org?portalToken=a.b-c');
    expect(withQueryValue('https://help.example.org/start?lang=en&q=a+b', 'portalToken', 't')).toBe('https://help.example.org/start?lang=en&q=a+b&portalToken=t');
    expect(withQueryValue('https://help.example.org/start?', 'portalToken', 't')).toBe('https://help.example.org/start?portalToken=t');
    expect(withQueryValue('https://help.example.org/start#faq', 'portalToken', 't')).toBe('https://help.example.org/start?portalToken=t#faq');
    expect(withQueryValue('https://help.example.org/?a=1#x?y', 'portal token', 'a&b=c')).toBe('https://help.example.org/?a=1&portal%20token=a%26b%3Dc#x?y');
  });
});

describe('one-time-link widget', () => {
  it('opens a blank tab with the click, then sends it to the address with a value asked afresh each time', async () => {
    let n = 0;
    const tab = fakeTab();
    const { api, open } = await show('https://help.example.org/start?lang=en', () => ({ token: `one-time-${++n}` }), tab);
    await click();
    await waitFor(() => expect(tab.sentTo).toEqual(['https://help.example.org/start?lang=en&portalToken=one-time-1']));
    expect(open).toHaveBeenCalledWith('', '_blank');
    // Cut off from the portal's page before it goes anywhere.
    expect(tab.opener).toBeNull();
    await click();
    await waitFor(() => expect(tab.sentTo).toHaveLength(2));
    expect(tab.sentTo[1]).toBe('https://help.example.org/start?lang=en&portalToken=one-time-2');
    expect(api.count('GET', '/api/users/Users/Authenticate/PortalToken')).toBe(2);
  });

  it('closes the tab and says why when the value cannot be had', async () => {
    const tab = fakeTab();
    await show('https://help.example.org', () => new Response(JSON.stringify({ status: 401, title: 'Unauthorized', detail: 'Your session has expired. Please sign in again.', errorCode: 'AUTH002' }), { status: 401, headers: { 'content-type': 'application/json' } }), tab);
    await click();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/session has ended|session has expired/));
    expect(tab.closed).toBe(true);
    expect(tab.sentTo).toEqual([]);
  });

  it('offers a link to the address when the browser blocked the tab', async () => {
    await show('https://help.example.org', () => ({ token: 'one-time' }), null);
    await click();
    const link = await screen.findByRole('link', { name: 'Open it here' });
    expect(link.getAttribute('href')).toBe('https://help.example.org?portalToken=one-time');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('shows nothing for an address that is not http or https', async () => {
    for (const href of ['javascript:alert(1)', '/community/help', '']) {
      const { result, api } = await show(href, () => ({ token: 'one-time' }), fakeTab());
      expect(result.container.querySelector('button')).toBeNull();
      expect(api.count('GET', '/api/users/Users/Authenticate/PortalToken')).toBe(0);
      cleanup();
    }
  });
});
