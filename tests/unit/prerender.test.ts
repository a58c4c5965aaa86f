import { describe, expect, it } from 'vitest';
import { looksLikeFirstVisit, type StorageExpectation } from '../../engine/core/first-visit.ts';
import { prerenderedFile } from '../../engine/core/prerendered.ts';
import { compileRoutes } from '../../engine/core/routes.ts';
import { pageFromTemplate } from '../../scripts/prerender.ts';
import { noteChunk, parseChunkNames, withChunkRecording } from '../../engine/react/app/chunk-usage.ts';

const storage = (entries: Record<string, string>) => ({ getItem: (key: string) => entries[key] ?? null });
const expected: StorageExpectation[] = [
  { storage: 'local', key: 'app.token', values: [null] },
  { storage: 'session', key: 'app.flow', values: [null, '{"email":null}'] },
];

describe('first visit', () => {
  it('is a first visit when nothing is stored, or only the initial values', () => {
    expect(looksLikeFirstVisit(expected, { local: storage({}), session: storage({}) })).toBe(true);
    expect(looksLikeFirstVisit(expected, { local: storage({}), session: storage({ 'app.flow': '{"email":null}' }) })).toBe(true);
  });
  it('is not when a token or remembered flow state is stored', () => {
    expect(looksLikeFirstVisit(expected, { local: storage({ 'app.token': 'x' }), session: storage({}) })).toBe(false);
    expect(looksLikeFirstVisit(expected, { local: storage({}), session: storage({ 'app.flow': '{"email":"a@b.c"}' }) })).toBe(false);
  });
  it('counts blocked storage as empty', () => {
    expect(looksLikeFirstVisit(expected, { local: null, session: null })).toBe(true);
  });
});

describe('prerendered pages', () => {
  it('are kept under prerendered/ by path', () => {
    expect(prerenderedFile('/login')).toBe('prerendered/login.html');
    expect(prerenderedFile('/public/paynow')).toBe('prerendered/public/paynow.html');
    expect(prerenderedFile('/')).toBe('prerendered/index.html');
  });

  it('are marked on their own routes only, never on mirror copies', () => {
    const routes = compileRoutes({ layouts: { root: { shell: 'portal', mirror: '/embed', routes: [{ path: 'login', screen: 'login', prerender: true }] } } }, new Set());
    expect(routes.map((route) => [route.path, route.prerender ?? false])).toEqual([['/login', true], ['/embed/login', false]]);
  });

  it('inherit `prerender` from their parent route like `requires`, `false` turning it off', () => {
    const routes = compileRoutes({ layouts: { root: { shell: 'portal', mirror: '/embed', routes: [
      { path: 'home', screen: 'home', requires: 'session', prerender: 'frame' },
      { path: 'account', requires: 'session', prerender: 'frame', children: [
        { index: true, screen: 'account' },
        { path: 'history', screen: 'history' },
        { path: 'print', screen: 'print', prerender: false },
      ] },
      { path: 'login', screen: 'login', prerender: true },
    ] } } }, new Set());
    expect(routes.filter((route) => !route.mirror).map((route) => [route.path, route.prerender ?? false])).toEqual([
      ['/home', 'frame'], ['/account', 'frame'], ['/account/history', 'frame'], ['/account/print', false], ['/login', true],
    ]);
    expect(routes.filter((route) => route.mirror).every((route) => route.prerender === undefined)).toBe(true);
  });

  it('mark a frame as one (never adopted), leave its chunks out and keep the preload hints at low priority', () => {
    const template = '<html><head><title>App</title><link rel="modulepreload" crossorigin href="/assets/start-2.js"></head><body><div id="root"></div></body></html>';
    const page = pageFromTemplate(template, '/home', { html: '<header>App</header>', title: 'Home · App', styles: [], chunks: ['widget:busy'], frame: true });
    expect(page).toContain('<div id="root" data-prerendered-frame="/home"><header>App</header></div>');
    expect(page).not.toContain('data-prerendered=');
    expect(page).not.toContain('data-prerendered-chunks');
    expect(page).toContain('<link fetchpriority="low" rel="modulepreload" crossorigin href="/assets/start-2.js">');
  });

  it("give a gated route's frame, and only a frame, a low-priority hint for the table of its area's chunks", () => {
    const template = '<html><head><title>App</title><link rel="modulepreload" crossorigin href="/assets/start-2.js"></head><body><div id="root"></div></body></html>';
    const frame = pageFromTemplate(template, '/manage', { html: '', title: 'Console', styles: [], chunks: [], frame: true }, null, '/assets/apart-1.js');
    expect(frame).toContain('<link fetchpriority="low" rel="modulepreload" crossorigin href="/assets/apart-1.js">');
    expect(frame.match(/fetchpriority/g)).toHaveLength(2);
    const first = pageFromTemplate(template, '/login', { html: '', title: 'Sign in', styles: [], chunks: [], frame: false }, null, '/assets/apart-1.js');
    expect(first).not.toContain('apart-1');
  });

  it("give a frame, and only a frame, the script that shows the session's stored look before the first paint, with the themes' rules", () => {
    const template = '<html><head><link rel="icon" href="/favicon.svg"><title>App</title></head><body><div id="root"></div></body></html>';
    const early = { script: '(function(){})();', themeStyles: ':root[data-theme-name="Evergreen"]{--x:1}' };
    const frame = pageFromTemplate(template, '/home', { html: '<header>App</header>', title: 'Home', styles: [], chunks: [], frame: true }, early);
    expect(frame).toContain('<style id="engine-theme-variables">:root[data-theme-name="Evergreen"]{--x:1}</style><script>(function(){})();</script></head>');
    // After the icon it may change, before the body it must run ahead of.
    expect(frame.indexOf('<script>')).toBeGreaterThan(frame.indexOf('rel="icon"'));
    const first = pageFromTemplate(template, '/login', { html: '<h1>Sign in</h1>', title: 'Sign in', styles: [], chunks: [], frame: false }, early);
    expect(first).not.toContain('<script>');
    expect(first).not.toContain('engine-theme-variables');
    expect(() => pageFromTemplate(template, '/home', { html: '', title: '', styles: [], chunks: [], frame: true }, { script: '"</script>"', themeStyles: '' })).toThrow(/<\/script/);
  });

  it('put the markup in the root with the chunks it used, the styles in the head (globals apart) and the title; no preload hints', () => {
    const template = '<html><head><title>App</title><script type="module" crossorigin src="/assets/index-1.js"></script>\n    <link rel="modulepreload" crossorigin href="/assets/start-2.js"></head><body><div id="root"></div></body></html>';
    const page = pageFromTemplate(template, '/login', {
      html: '<h1>Sign in</h1>',
      title: 'Sign in · App',
      styles: [
        { name: 'g1', global: true, rules: ':root{--x:1}' },
        { name: 'a1', global: false, rules: '.css-a1{color:red}' },
        { name: 'b2', global: false, rules: '.css-b2{content:"</style>"}' },
      ],
      chunks: ['form:login', 'widget:form'],
      frame: false,
    });
    expect(page).toContain('<title>Sign in · App</title>');
    expect(page).toContain('<style data-emotion="css-global g1">:root{--x:1}</style><style data-emotion="css a1 b2">.css-a1{color:red}.css-b2{content:"<\\/style>"}</style></head>');
    expect(page).toContain('<div id="root" data-prerendered="/login" data-prerendered-chunks="form:login widget:form"><h1>Sign in</h1></div>');
    expect(page).toContain('<script type="module" crossorigin src="/assets/index-1.js"></script><style');
    expect(page).not.toContain('modulepreload');
  });

  it('refuse a template without an empty root element', () => {
    expect(() => pageFromTemplate('<body></body>', '/x', { html: '', title: '', styles: [], chunks: [], frame: false })).toThrow(/no <div id="root"><\/div>/);
  });
});

describe('the chunk ledger', () => {
  it('notes the chunks a render uses only while it is open, each once, sorted', async () => {
    noteChunk('form', 'before');
    const { value, chunks } = await withChunkRecording(async () => {
      noteChunk('widget', 'form');
      noteChunk('form', 'login');
      noteChunk('widget', 'form');
      return 'done';
    });
    noteChunk('form', 'after');
    expect(value).toBe('done');
    expect(chunks).toEqual(['form:login', 'widget:form']);
  });

  it('reads names back, leaving out anything malformed', () => {
    expect(parseChunkNames('form:login  widget:form bad :x Upper:y')).toEqual([{ kind: 'form', id: 'login' }, { kind: 'widget', id: 'form' }]);
    expect(parseChunkNames(null)).toEqual([]);
  });
});
