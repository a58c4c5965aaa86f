// The layout vocabulary (columns, card, description-list, status-badge, empty-state, page-header) rendered through
// the registry as a screen would be, over the project's configuration with test texts. The icons are
// ones the project's screens name: only those are in the build's icon module, which, as a screen
// does (ScreenView.tsx), the nodes wait for when they name an icon.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WidgetNodeConfig } from '../../engine/react/app/config-types.ts';
import { partsShownAtOnce } from '../../engine/react/app/named-parts.ts';
import { iconProps, loadIcons, preloadIcons } from '../../engine/react/widgets/icons.tsx';
import { sharedSystem } from '../../engine/react/theme/systems.ts';
import { fakeApi, makeRuntime, projectConfig, renderNodes } from './support/query-harness.tsx';

const TEXTS = {
  'test.card': 'Your account',
  'test.cardOther': 'Hidden card',
  'test.body': 'The body of the card',
  'test.more': 'See everything',
  'test.amount': 'Amount',
  'test.due': 'Due',
  'test.note': 'Note',
  'test.hidden': 'Never shown',
  'test.paid': 'Paid',
  'test.overdue': 'Overdue',
  'test.unknown': 'Unknown status',
  'test.unread': '{{count}} unread',
  'test.empty': 'Nothing here yet.',
  'test.start': 'Start one',
  'test.pageTitle': 'Requests of {{place}}',
  'test.pageIntro': 'Everything asked at {{place}}.',
  'test.trail': 'Breadcrumb',
  'test.home': 'Home',
  'test.section': 'Billing',
  'test.new': 'New request',
  'test.often': 'How often',
  'test.library': 'All folders',
  'test.crumb': '{{name}}',
  'test.monthly': 'Every month on day {{day}}',
};

// The icon module's first import transforms each of its icons: slow on a busy machine, so not in any test's time.
beforeAll(() => loadIcons(), 60_000);

async function show(nodes: WidgetNodeConfig[]) {
  fakeApi({});
  const { runtime, translator } = makeRuntime(projectConfig({}, TEXTS));
  await preloadIcons(partsShownAtOnce(nodes, undefined, iconProps).icons);
  return renderNodes(runtime, translator, nodes);
}

async function expectNoSeriousAxeViolations(container: HTMLElement) {
  const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
}

/**
 * The value the page's style sheets give `property` on `element` (jsdom computes no variables): the
 * last rule that matches, a rule outside any layer (the widget's own style) over one in a layer.
 */
function declared(element: Element, property: string): string | undefined {
  const rules = (list: CSSRuleList, layered: boolean): [CSSStyleRule, boolean][] => [...list].flatMap((rule): [CSSStyleRule, boolean][] =>
    rule instanceof CSSStyleRule ? [[rule, layered]]
      : 'cssRules' in rule ? rules((rule as CSSGroupingRule).cssRules, layered || rule instanceof CSSLayerBlockRule) : []);
  const all = [...document.styleSheets].flatMap((sheet) => rules(sheet.cssRules, false));
  const found = [...all.filter(([, layered]) => layered), ...all.filter(([, layered]) => !layered)]
    .filter(([rule]) => { try { return element.matches(rule.selectorText); } catch { return false; } })
    .map(([rule]) => rule.style.getPropertyValue(property)).filter(Boolean);
  return found.at(-1);
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('columns', () => {
  it('puts each shown child in a cell of its grid, a hidden one in an empty cell that is not displayed', async () => {
    const { container } = await show([{
      widget: 'columns', columns: { base: 1, md: 2, lg: 3 },
      children: [
        { widget: 'text', text: 'test.body' },
        { widget: 'text', text: 'test.hidden', when: '$nothing.here' },
        { widget: 'text', text: 'test.more', span: { md: 2 } },
      ],
    }]);
    await screen.findByText('See everything');
    const grid = container.querySelector('.engine-columns')!;
    expect(getComputedStyle(grid).display).toBe('grid');
    const cells = [...grid.children] as HTMLElement[];
    expect(cells.map((cell) => cell.textContent)).toEqual(['The body of the card', '', 'See everything']);
    expect(screen.queryByText('Never shown')).toBeNull();
    expect(cells.map((cell) => getComputedStyle(cell).display)).toEqual(['block', 'none', 'block']);
  });
});

describe('a condition of several bindings', () => {
  it('shows a node only while every binding of its `when` list holds, with no wrapper taking a cell of the grid', async () => {
    const { container } = await show([{
      widget: 'columns', columns: { base: 1, md: 2, lg: 3 },
      children: [
        { widget: 'text', text: 'test.body', when: ['shown', 'too'] },
        { widget: 'text', text: 'test.hidden', when: ['shown', '$nothing.here'] },
        { widget: 'text', text: 'test.more', unless: ['shown', '$nothing.here'] },
      ],
    }]);
    await screen.findByText('See everything');
    const cells = [...container.querySelector('.engine-columns')!.children] as HTMLElement[];
    expect(cells.map((cell) => cell.textContent)).toEqual(['The body of the card', '', 'See everything']);
    expect(cells.map((cell) => getComputedStyle(cell).display)).toEqual(['block', 'none', 'block']);
  });
});

describe('columns that reveal together', () => {
  it('lays its cells out unseen under a busy status until every quiet read has arrived, then shows them at once', async () => {
    let answerMessages!: () => void;
    let answerRequests!: () => void;
    const messagesArrive = new Promise<void>((resolve) => { answerMessages = resolve; });
    const requestsArrive = new Promise<void>((resolve) => { answerRequests = resolve; });
    fakeApi({
      'GET /api/users/Messages': async () => { await messagesArrive; return { threads: [{ id: 1 }] }; },
      'GET /api/action-items/HomeownerRequests': async () => { await requestsArrive; return { requests: [{ id: 2 }] }; },
    });
    const { runtime, translator } = makeRuntime(projectConfig({}, TEXTS));
    const { container } = await renderNodes(runtime, translator, [{
      widget: 'columns', reveal: 'together',
      children: [
        { widget: 'text', text: 'test.body' },
        { widget: 'data', quiet: true, operation: 'listMessageThreads', as: 'messages', children: [{ widget: 'text', text: 'test.more', when: '$data.messages.threads.length' }] },
        { widget: 'data', quiet: true, operation: 'listHomeownerRequests', query: { period: 'last30Days' }, as: 'requests', children: [{ widget: 'text', text: 'test.note', when: '$data.requests.requests.length' }] },
      ],
    }]);
    const grid = container.querySelector('.engine-columns') as HTMLElement;
    const region = grid.parentElement!.parentElement!;
    expect(region.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('status')).toBeTruthy();
    // One read arrived: still unseen, as the other would move it.
    answerMessages();
    await screen.findByText('See everything');
    expect(getComputedStyle(grid.parentElement!).visibility).toBe('hidden');
    expect(region.getAttribute('aria-busy')).toBe('true');
    answerRequests();
    await screen.findByText('Note');
    await vi.waitFor(() => expect(region.getAttribute('aria-busy')).toBeNull());
    expect(getComputedStyle(grid.parentElement!).visibility).not.toBe('hidden');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('is shown at once when nothing in it loads', async () => {
    const { container } = await show([{ widget: 'columns', reveal: 'together', children: [{ widget: 'text', text: 'test.body' }] }]);
    await screen.findByText('The body of the card');
    await vi.waitFor(() => expect(container.querySelector('[aria-busy]')).toBeNull());
  });
});

describe('card', () => {
  it('is a section named by its heading, with its icon hidden, its body and its actions', async () => {
    const { container } = await show([{
      widget: 'card', title: 'test.card', icon: 'wallet',
      children: [{ widget: 'text', text: 'test.body' }],
      actions: [{ widget: 'link', text: 'test.more', to: '/billing' }],
    }]);
    const region = await screen.findByRole('region', { name: 'Your account' });
    await within(region).findByText('The body of the card');
    expect(within(region).getByRole('heading', { level: 2, name: 'Your account' })).toBeTruthy();
    expect(within(region).getByText('The body of the card')).toBeTruthy();
    expect((await within(region).findByRole('link', { name: 'See everything' })).getAttribute('href')).toBe('/billing');
    const icon = region.querySelector('svg')!;
    expect(icon.getAttribute('aria-hidden')).toBe('true');
    await expectNoSeriousAxeViolations(container);
  });

  it("takes its corners, shadow, padding and title size from the theme's scales", { timeout: 20_000 }, async () => {
    fakeApi({});
    const config = projectConfig({}, TEXTS);
    const { runtime, translator } = makeRuntime(config);
    const system = sharedSystem(config.themes, config.app.defaultTheme, config.app.breakpoints);
    await renderNodes(runtime, translator, [{ widget: 'card', title: 'test.card', children: [{ widget: 'text', text: 'test.body' }] }], system);
    const region = await screen.findByRole('region', { name: 'Your account' });
    expect(declared(region, 'border-radius')).toBe('var(--chakra-radii-card)');
    expect(declared(region, 'box-shadow')).toBe('var(--chakra-shadows-card)');
    // jsdom's window is wide: the wide padding's rule is the last that applies.
    expect(declared(region, 'padding')).toBe('var(--chakra-spacing-card-padding-wide)');
    expect(declared(within(region).getByText('Your account'), 'font-size')).toBe('var(--chakra-font-sizes-heading-3)');
    // The variables hold the default theme's values.
    const card = (config.themes.Default as { scales?: { radii?: { card?: string } } }).scales?.radii?.card;
    expect(declared(document.documentElement, '--chakra-radii-card')).toBe(card);
  });

  it('takes another heading level', async () => {
    await show([{ widget: 'card', title: 'test.card', level: 3 }]);
    expect(await screen.findByRole('heading', { level: 3, name: 'Your account' })).toBeTruthy();
  });
});

describe('description-list', () => {
  it('shows label / value pairs as a <dl>, values formatted, an empty one as a dash, `when` and `unless` honoured', async () => {
    const { container } = await show([{
      widget: 'description-list',
      items: [
        { label: 'test.amount', value: 12345, format: 'money' },
        { label: 'test.note', value: '' },
        { label: 'test.hidden', value: 'x', when: '$nothing.here' },
        { label: 'test.due', value: 'y', unless: '$nothing.here' },
        { label: 'test.hidden', value: 'z', unless: 'x' },
      ],
    }]);
    const term = await screen.findByText('Amount');
    expect(term.tagName).toBe('DT');
    const list = container.querySelector('dl')!;
    expect([...list.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual(['Amount', 'Note', 'Due']);
    expect([...list.querySelectorAll('dd')].map((dd) => dd.textContent)).toEqual(['$123.45', '—', 'y']);
    expect(screen.queryByText('Never shown')).toBeNull();
    await expectNoSeriousAxeViolations(container);
  });

  it('fills a translated value with its `values`', async () => {
    const { container } = await show([{
      widget: 'description-list',
      items: [{ label: 'test.often', value: 'test.monthly', translate: true, values: { day: 15 } }],
    }]);
    expect(await screen.findByText('How often')).toBeTruthy();
    expect([...container.querySelectorAll('dd')].map((dd) => dd.textContent)).toEqual(['Every month on day 15']);
  });

  it('shows its empty text when no pair is shown', async () => {
    await show([{ widget: 'description-list', items: [{ label: 'test.hidden', value: 'x', when: '$nothing.here' }], empty: 'test.empty' }]);
    expect(await screen.findByText('Nothing here yet.')).toBeTruthy();
  });
});

describe('status-badge', () => {
  const statuses = { paid: { tone: 'success', text: 'test.paid' }, overdue: { tone: 'danger', text: 'test.overdue' } };

  it('says the status in words, with the tone chosen by the value', async () => {
    const { container } = await show([
      { widget: 'status-badge', value: 'overdue', statuses },
      { widget: 'status-badge', value: 'paid', statuses },
    ]);
    const overdue = await screen.findByText('Overdue');
    expect(overdue.getAttribute('data-tone')).toBe('danger');
    expect(screen.getByText('Paid').getAttribute('data-tone')).toBe('success');
    await expectNoSeriousAxeViolations(container);
  });

  it('shows `other` for a value the map does not name, else the value itself, and nothing for no value', async () => {
    const { container } = await show([
      { widget: 'status-badge', value: 'paused', statuses, other: { tone: 'neutral', text: 'test.unknown' } },
      { widget: 'status-badge', value: 'paused', statuses },
      { widget: 'status-badge', value: '$nothing.here', statuses },
    ]);
    expect((await screen.findByText('Unknown status')).getAttribute('data-tone')).toBe('neutral');
    expect(screen.getByText('paused').getAttribute('data-tone')).toBe('neutral');
    expect(container.querySelectorAll('.engine-status-badge')).toHaveLength(2);
  });

  it('fills its text with `values`', async () => {
    await show([{ widget: 'status-badge', value: 'yes', statuses: { yes: { tone: 'info', text: 'test.unread' } }, values: { count: 3 } }]);
    expect((await screen.findByText('3 unread')).getAttribute('data-tone')).toBe('info');
  });
});

describe('empty-state', () => {
  it('shows its icon (hidden from screen readers), its sentence and the next action', async () => {
    const { container } = await show([{
      widget: 'empty-state', icon: 'mail', text: 'test.empty',
      action: { widget: 'link', text: 'test.start', to: '/billing' },
    }]);
    const sentence = await screen.findByText('Nothing here yet.');
    const state = sentence.closest('.engine-empty-state') as HTMLElement;
    expect(state.querySelector('svg')!.getAttribute('aria-hidden')).toBe('true');
    expect(await within(state).findByRole('link', { name: 'Start one' })).toBeTruthy();
    await expectNoSeriousAxeViolations(container);
  });
});

describe('page-header', () => {
  const header: WidgetNodeConfig = {
    widget: 'page-header', title: 'test.pageTitle', description: 'test.pageIntro', values: { place: 'Oak Park' }, icon: 'wallet',
    breadcrumb: {
      label: 'test.trail',
      items: [{ text: 'test.home', to: '/dashboard' }, { text: 'test.section', to: '/billing' }, { text: 'test.pageTitle', values: { place: 'Oak Park' } }],
    },
    secondary: [{ widget: 'link', text: 'test.more', to: '/billing' }],
    primary: { widget: 'link', text: 'test.new', to: '/dashboard' },
  };

  it('shows the page heading with its values, its description and its icon hidden from screen readers', async () => {
    const { container } = await show([header]);
    const heading = await screen.findByRole('heading', { level: 1, name: 'Requests of Oak Park' });
    expect(heading.querySelector('svg')!.getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByText('Everything asked at Oak Park.')).toBeTruthy();
    await expectNoSeriousAxeViolations(container);
  });

  it('has a breadcrumb: a named navigation with an ordered list of links ending at this page, not a link', async () => {
    await show([header]);
    const trail = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    const list = within(trail).getByRole('list');
    expect(list.tagName).toBe('OL');
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Home/', 'Billing/', 'Requests of Oak Park']);
    expect((await within(items[0]).findByRole('link', { name: 'Home' })).getAttribute('href')).toBe('/dashboard');
    expect(within(items[1]).getByRole('link', { name: 'Billing' }).getAttribute('href')).toBe('/billing');
    expect(within(items[2]).queryByRole('link')).toBeNull();
    const current = within(items[2]).getByText('Requests of Oak Park');
    expect(current.getAttribute('aria-current')).toBe('page');
    expect(trail.querySelectorAll('[aria-current]')).toHaveLength(1);
    // The separators are drawn, not read.
    expect([...trail.querySelectorAll('li > [aria-hidden="true"]')].map((separator) => separator.textContent)).toEqual(['/', '/']);
  });

  it("continues its trail with a list's elements, each its `$item`, the last one this page", async () => {
    // (the list as an element of a repeat: the trail's own elements are the inner `$item`)
    await show([{
      widget: 'repeat',
      items: [{ folders: [{ name: 'Minutes', id: 4 }, { name: '2026', id: 9 }] }],
      children: [{
        widget: 'page-header', title: 'test.section',
        breadcrumb: {
          label: 'test.trail',
          items: [{ text: 'test.library', to: '/community/documents' }],
          trail: { items: '$item.folders', text: 'test.crumb', values: { name: '$item.name', id: '$item.id' }, to: '/community/documents/{{id}}' },
        },
      }],
    }]);
    const trail = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    const items = within(trail).getAllByRole('listitem');
    expect((await within(items[0]).findByRole('link', { name: 'All folders' })).getAttribute('href')).toBe('/community/documents');
    expect((await within(items[1]).findByRole('link', { name: 'Minutes' })).getAttribute('href')).toBe('/community/documents/4');
    expect(items.map((item) => item.textContent)).toEqual(['All folders/', 'Minutes/', '2026']);
    expect(within(items[2]).queryByRole('link')).toBeNull();
    expect(within(items[2]).getByText('2026').getAttribute('aria-current')).toBe('page');
  });

  it('shows its actions after the heading, the secondary ones first and the main one last', async () => {
    const { container } = await show([header]);
    await screen.findByRole('link', { name: 'New request' });
    const actions = container.querySelector('.engine-page-header-actions') as HTMLElement;
    expect(within(actions).getAllByRole('link').map((link) => link.textContent)).toEqual(['See everything', 'New request']);
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading.compareDocumentPosition(actions) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('takes another heading level, and shows no trail, description or actions it is not given', async () => {
    const { container } = await show([{ widget: 'page-header', title: 'test.card', level: 2 }]);
    expect(await screen.findByRole('heading', { level: 2, name: 'Your account' })).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(container.querySelector('.engine-page-header-actions')).toBeNull();
    expect(container.querySelector('.engine-page-header p')).toBeNull();
  });
});

describe('icon', () => {
  const kinds = { pdf: 'file-text', image: 'file-image' };
  it('shows the icon its value names, else its own, hidden from screen readers', async () => {
    const { container } = await show([
      { widget: 'icon', value: 'pdf', icons: kinds, icon: 'file' },
      { widget: 'icon', value: 'zip', icons: kinds, icon: 'file' },
      { widget: 'icon', icon: 'folder' },
      { widget: 'icon', value: '$nothing.here', icons: kinds },
      { widget: 'text', text: 'test.body' },
    ]);
    await screen.findByText('The body of the card');
    await waitFor(() => expect(container.querySelectorAll('.engine-icon')).toHaveLength(3));
    const shown = [...container.querySelectorAll('.engine-icon')] as HTMLElement[];
    expect(shown.map((icon) => icon.querySelector('svg')!.getAttribute('class'))).toEqual([
      expect.stringContaining('lucide-file-text'), expect.stringMatching(/lucide-file(\s|$)/), expect.stringContaining('lucide-folder'),
    ]);
    for (const icon of shown) expect(icon.getAttribute('aria-hidden')).toBe('true');
    await expectNoSeriousAxeViolations(container);
  });
});

describe('a list of rows', () => {
  it('a heading with `to` is a link; a row `repeat` lays its elements side by side', async () => {
    const { container } = await show([
      { widget: 'heading', level: 3, text: 'test.card', to: '/billing' },
      { widget: 'repeat', items: '$route.none', label: 'test.card', direction: 'row', children: [{ widget: 'text', text: 'test.body' }] },
      {
        widget: 'stack', direction: 'row', spread: true,
        children: [{ widget: 'stack', width: 'auto', children: [{ widget: 'text', text: 'test.note' }] }, { widget: 'text', text: 'test.more' }],
      },
    ]);
    const heading = await screen.findByRole('heading', { level: 3, name: 'Your account' });
    expect(within(heading).getByRole('link', { name: 'Your account' }).getAttribute('href')).toBe('/billing');
    const row = screen.getByText('See everything').parentElement!;
    expect(getComputedStyle(row).justifyContent).toBe('space-between');
    expect(getComputedStyle(screen.getByText('Note').closest('.engine-stack')!).width).toBe('auto');
    await expectNoSeriousAxeViolations(container);
  });
});

describe('data shown while loading', () => {
  it('shows its children at once, their values filling in where they stand', async () => {
    let answer!: (response: Response) => void;
    const { runtime, translator } = makeRuntime(projectConfig({}, TEXTS));
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((resolve) => { answer = resolve; })));
    const { container } = await renderNodes(runtime, translator, [{
      widget: 'data', operation: 'getCharges', query: { accountNumber: '1' }, as: 'read', showWhileLoading: true,
      children: [{ widget: 'description-list', columns: 1, items: [{ label: 'test.amount', value: '$data.read.charges.0.amountCents', format: 'money' }] }],
    }]);
    const list = await waitFor(() => {
      const found = container.querySelector('.engine-description-list');
      if (!found) throw new Error('no description list yet');
      return found as HTMLElement;
    });
    expect(list.querySelector('dd')!.textContent).toBe('—');
    expect(getComputedStyle(list).gridTemplateColumns).toBe('1fr');
    answer(new Response(JSON.stringify({ count: 1, charges: [{ description: 'Dues', amountCents: 24500 }] }), { status: 200, headers: { 'content-type': 'application/json' } }));
    await waitFor(() => expect(list.querySelector('dd')!.textContent).toBe('$245.00'));
  });
});

describe('banner', () => {
  it('is a wide band: a decorative picture, its title side and its actions, links that look like buttons', async () => {
    const { container } = await show([{
      widget: 'banner', image: '/brand/banner.jpg',
      children: [{ widget: 'heading', text: 'test.card' }],
      actions: [{ widget: 'link', variant: 'solid', text: 'test.start', to: '/billing' }, { widget: 'link', variant: 'outline', text: 'test.more', to: '/billing' }],
    }]);
    const heading = await screen.findByRole('heading', { level: 1, name: 'Your account' });
    const band = heading.closest('.engine-banner') as HTMLElement;
    expect(band.querySelector('img')!.getAttribute('alt')).toBe('');
    const start = await within(band).findByRole('link', { name: 'Start one' });
    expect(start.getAttribute('href')).toBe('/billing');
    expect(start.className).toMatch(/button/);
    expect(within(band).getByRole('link', { name: 'See everything' })).toBeTruthy();
    await expectNoSeriousAxeViolations(container);
  });
});

describe('content under a page header', () => {
  it('leaves out its own level-1 heading with `skipTitle`, so that the page has one', async () => {
    const { container } = await show([
      { widget: 'page-header', title: 'test.pageTitle', values: { place: 'Oak Park' } },
      { widget: 'content', document: 'help', skipTitle: true },
    ]);
    expect(await screen.findByRole('heading', { level: 2, name: 'Signing in' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Requests of Oak Park']);
    await expectNoSeriousAxeViolations(container);
  });

  it('shows the document as it is without it', async () => {
    await show([{ widget: 'content', document: 'help' }]);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Help');
  });
});
