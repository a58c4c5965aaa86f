// `npm run check` on broken copies of tests/fixtures/project: one kind of mistake per test.
// The CLI runs as `npm run check` runs it on the valid fixture and on a YAML syntax error; the other
// copies go to one Node process that runs the same command on each (support/broken-copy.ts).
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { endCheckCopies, checkBroken, CLI, expectProblem, FIXTURE, lineOf } from './support/broken-copy.ts';

afterAll(endCheckCopies);

describe('npm run check', { timeout: 30_000 }, () => {
  it('passes the valid fixture', () => {
    const run = spawnSync(process.execPath, [CLI, '--root', FIXTURE], { encoding: 'utf8' });
    expect(run.stdout + run.stderr).toMatch(/^configuration ok \(\d+ files\)$/m);
    expect(run.status).toBe(0);
  });

  it('reports a YAML syntax error with its line and column', async () => {
    const { status, out, root } = await checkBroken([{ file: 'schemas/routes.yaml', from: '{ path: later, planned: true }', to: '{ path: later, planned: true' }], FIXTURE, {}, { cli: true });
    expect(status).toBe(1);
    const line = lineOf(root, 'schemas/routes.yaml', 'path: later');
    expect(out).toMatch(new RegExp(`^schemas/routes\\.yaml:(${line}|${line + 1}):\\d+ YAML syntax error: `, 'm'));
  });

  it('reports a JSON syntax error with its line and column', async () => {
    const { status, out, root } = await checkBroken([{ file: 'schemas/messages/en.json', from: '"home.title": "Home",', to: '"home.title": "Home",,' }]);
    expect(status).toBe(1);
    const line = lineOf(root, 'schemas/messages/en.json', '"home.title"');
    expect(out).toMatch(new RegExp(`^schemas/messages/en\\.json:${line}:24 JSON syntax error: `, 'm'));
  });

  it('reports a route whose screen is missing', async () => {
    await expectProblem([{ file: 'schemas/routes.yaml', from: 'screen: item,', to: 'screen: nope,' }],
      'schemas/routes.yaml', 'screen: nope', 'layouts.main.routes[1].screen', 'screen "nope" is not in schemas/screens/');
  });

  it('reports a redirect target that matches no route', async () => {
    await expectProblem([{ file: 'schemas/redirects.yaml', from: 'to: /home }', to: 'to: /homes }' }],
      'schemas/redirects.yaml', '/homes', 'redirects[0].to', 'no route matches "/homes"');
  });

  it('reports a redirect withSubPath that matches no route', async () => {
    await expectProblem([{ file: 'schemas/redirects.yaml', from: 'withSubPath: /items', to: 'withSubPath: /things' }],
      'schemas/redirects.yaml', '/things', 'redirects[1].withSubPath', 'no route matches "/things"');
  });

  it('reports a legacy address that is a page of the portal', async () => {
    await expectProblem([{ file: 'schemas/redirects.yaml', from: '  - { from: Old_v1/Items,', to: '  - { from: HOME, to: /items }\n  - { from: Old_v1/Items,' }],
      'schemas/redirects.yaml', 'from: HOME', 'redirects[1].from', '"HOME" is the address of the route "/home"');
  });

  it('reports a layout feature that is not a declared flag', async () => {
    await expectProblem([{ file: 'schemas/routes.yaml', from: 'feature: extraLayout', to: 'feature: otherLayout' }],
      'schemas/routes.yaml', 'otherLayout', 'layouts.extra.feature', 'feature flag "otherLayout" is not in schemas/features.yaml');
  });

  it('reports a screen operation missing from openapi/', async () => {
    await expectProblem([{ file: 'schemas/screens/item.yaml', from: 'operation: getItem', to: 'operation: getThing' }],
      'schemas/screens/item.yaml', 'getThing', 'children[1].operation', 'operation "getThing" is not declared in openapi/');
  });

  it('reports a flow invoke operationId missing from openapi/', async () => {
    await expectProblem([{ file: 'flows/demo.machine.yaml', from: 'operationId: saveItem', to: 'operationId: saveThing' }],
      'flows/demo.machine.yaml', 'saveThing', 'states.saving.invoke.input.operationId', 'operation "saveThing" is not declared in openapi/');
  });

  it('reports a screen message key missing from en.json', async () => {
    await expectProblem([{ file: 'schemas/screens/home.yaml', from: 'text: home.heading', to: 'text: home.welcome' }],
      'schemas/screens/home.yaml', 'home.welcome', 'children[0].text', 'message "home.welcome" is not in schemas/messages/en.json');
  });

  it('reports a route title, navigation text, form and uiSchema key missing from en.json', async () => {
    const { out, root } = await checkBroken([
      { file: 'schemas/routes.yaml', from: 'title: items.title', to: 'title: items.caption' },
      { file: 'schemas/navigation.yaml', from: 'text: nav.items', to: 'text: nav.things' },
      { file: 'schemas/forms/item-form.yaml', from: 'title: fields.name', to: 'title: fields.fullName' },
      { file: 'schemas/forms/item-form.yaml', from: '"ui:help": fields.nameHelp', to: '"ui:help": fields.nameHint' },
      { file: 'schemas/forms/item-form.yaml', from: 'validation.nameRequired', to: 'validation.nameNeeded' },
      { file: 'schemas/errors.yaml', from: 'title: errors.server', to: 'title: errors.serverDown' },
    ]);
    expect(out).toContain(`schemas/routes.yaml:${lineOf(root, 'schemas/routes.yaml', 'items.caption')}:`);
    expect(out).toMatch(/layouts\.main\.routes\[1\]\.title: message "items\.caption" is not in/);
    expect(out).toMatch(/^schemas\/navigation\.yaml:4:\d+ primary\[1\]\.text: message "nav\.things"/m);
    expect(out).toMatch(/schema\.properties\.name\.title: message "fields\.fullName"/);
    expect(out).toMatch(/ui\.name\["ui:help"\]: message "fields\.nameHint"/);
    expect(out).toMatch(/messages\["name\.required"\]: message "validation\.nameNeeded"/);
    expect(out).toMatch(/^schemas\/errors\.yaml:\d+:\d+ rules\[4\]\.toast\.title: message "errors\.serverDown"/m);
    expect(out).toMatch(/^6 problems$/m);
  });

  describe('navigation groups: their links are checked as links are', () => {
    const group = (children: string, extra = '') => [{ file: 'schemas/navigation.yaml', from: '{ text: nav.items, to: /items, requires: session }', to: `{ text: nav.items${extra}, children: [${children}] }` }];
    it('reports a group link to no route, or with an unknown text', async () => {
      await expectProblem(group('{ text: nav.home, to: /nowhere }'), 'schemas/navigation.yaml', '/nowhere', 'primary[1].children[0].to', 'no route matches "/nowhere"');
      await expectProblem(group('{ text: nav.things, to: /home }'), 'schemas/navigation.yaml', 'nav.things', 'primary[1].children[0].text', 'message "nav.things" is not in schemas/messages/en.json');
    });
    it('reports a group with a target of its own, a group inside a group and a group link leading nowhere', async () => {
      await expectProblem(group('{ text: nav.home, to: /home }', ', to: /home'), 'schemas/navigation.yaml', 'children:', 'primary[1].to', 'a group (an item with children) opens its menu: it has no "to"');
      await expectProblem(group('{ text: nav.home, children: [{ text: nav.home, to: /home }] }'), 'schemas/navigation.yaml', 'children:', 'primary[1].children[0].children', "groups do not nest: a group's items are links");
      await expectProblem(group('{ text: nav.home }'), 'schemas/navigation.yaml', 'children:', 'primary[1].children[0]', 'a link of a group needs "to" or "href"');
    });
  });

  it('reports a side panel naming no screen, or with a target of its own', async () => {
    const panel = (item: string) => [{ file: 'schemas/navigation.yaml', from: '{ text: nav.items, to: /items, requires: session }', to: item }];
    await expectProblem(panel('{ text: nav.items, panel: nope }'), 'schemas/navigation.yaml', 'panel: nope', 'primary[1].panel', 'screen "nope" is not in schemas/screens/');
    await expectProblem(panel('{ text: nav.items, panel: home, to: /items }'), 'schemas/navigation.yaml', 'panel: home', 'primary[1].to', 'an item with a panel opens it: it has no "to"');
  });

  it('reports a form whose JSON Schema is invalid', async () => {
    await expectProblem([{ file: 'schemas/forms/item-form.yaml', from: 'type: string, title: fields.name', to: 'type: strnig, title: fields.name' }],
      'schemas/forms/item-form.yaml', 'strnig', 'schema.properties.name.type', 'invalid JSON Schema: must be one of: array, boolean');
  });

  it('reports a rule condition that is not valid JSON Schema', async () => {
    await expectProblem([{ file: 'schemas/forms/item-form.yaml', from: 'name: { minLength: 1 }', to: 'name: { minLength: one }' }],
      'schemas/forms/item-form.yaml', 'minLength: one', 'rules[0].condition.properties.name.minLength', 'invalid JSON Schema: must be integer');
  });

  it("reports a rule condition naming a field the form does not have, and a rule on one", async () => {
    await expectProblem([{ file: 'schemas/forms/item-form.yaml', from: 'name: { minLength: 1 }', to: 'nickname: { minLength: 1 }' }],
      'schemas/forms/item-form.yaml', 'nickname: { minLength: 1 }', 'rules[0].condition.properties.nickname', 'field "nickname" is not in the form\'s schema');
    await expectProblem([{ file: 'schemas/forms/item-form.yaml', from: '      required: [name]', to: '      required: [name, phone]' }],
      'schemas/forms/item-form.yaml', 'required: [name, phone]', 'rules[0].condition.required[1]', 'field "phone" is not in the form\'s schema');
    await expectProblem([{ file: 'schemas/forms/item-form.yaml', from: '- field: email', to: '- field: phone' }],
      'schemas/forms/item-form.yaml', '- field: phone', 'rules[0].field', 'field "phone" is not in the form\'s schema');
  });

  it('reports a rule whose condition reads its own field, and an unknown effect', async () => {
    await expectProblem([{ file: 'schemas/forms/item-form.yaml', from: 'name: { minLength: 1 }', to: 'email: { minLength: 1 }' }],
      'schemas/forms/item-form.yaml', 'email: { minLength: 1 }', 'rules[0].condition.properties.email', 'a rule cannot depend on its own field "email"');
    await expectProblem([{ file: 'schemas/forms/item-form.yaml', from: 'effect: SHOW', to: 'effect: REVEAL' }],
      'schemas/forms/item-form.yaml', 'effect: REVEAL', 'rules[0].effect', 'must be one of: SHOW, HIDE, ENABLE, DISABLE, REQUIRE');
  });

  it("reports a screen's form that does not exist", async () => {
    await expectProblem([{ file: 'schemas/screens/home.yaml', from: 'form: item-form', to: 'form: item-editor' }],
      'schemas/screens/home.yaml', 'item-editor', 'children[1].views[0].form', 'form "item-editor" is not in schemas/forms/');
  });

  it("reports a screen's flow without a machine file", async () => {
    await expectProblem([{ file: 'schemas/screens/home.yaml', from: 'flow: demo', to: 'flow: wizard' }],
      'schemas/screens/home.yaml', 'flow: wizard', 'children[1].flow', 'flow "wizard" has no flows/wizard.machine.yaml');
  });

  it('reports a guard defined nowhere in the flow\'s lookup path, naming the path', async () => {
    await expectProblem([{ file: 'flows/demo.machine.yaml', from: 'guard: canSave,', to: 'guard: canStore,' }],
      'flows/demo.machine.yaml', 'canStore', 'states.idle.on.SUBMIT.guard',
      'guard "canStore" is not defined in the lookup path of flow "demo" (flow module "demo", shared module "common", the engine\'s built-ins)');
  });

  it('reports an undefined action, string or {type, params}', async () => {
    const { out, root } = await checkBroken([
      { file: 'flows/demo.machine.yaml', from: 'entry: resetForm', to: 'entry: wipeForm' },
      { file: 'flows/demo.machine.yaml', from: 'type: markSaved', to: 'type: markStored' },
    ]);
    const file = 'flows/demo.machine.yaml';
    expect(out).toMatch(new RegExp(`^flows/demo\\.machine\\.yaml:${lineOf(root, file, 'wipeForm')}:\\d+ states\\.idle\\.entry: action "wipeForm" is not defined in the lookup path of flow "demo"`, 'm'));
    expect(out).toMatch(new RegExp(`^flows/demo\\.machine\\.yaml:${lineOf(root, file, 'markStored')}:\\d+ states\\.saving\\.invoke\\.onDone\\.actions\\.type: action "markStored" is not defined`, 'm'));
  });

  it('reports an undefined actor', async () => {
    await expectProblem([{ file: 'flows/demo.machine.yaml', from: 'src: callApi', to: 'src: callServer' }],
      'flows/demo.machine.yaml', 'callServer', 'states.saving.invoke.src', 'actor "callServer" is not defined in the lookup path of flow "demo"');
  });

  it('reports a theme missing a required token', async () => {
    await expectProblem([{ file: 'themes/default.json', from: '"l2"', to: '"l3"' }],
      'themes/default.json', '"radii"', 'tokens.radii', 'missing required token tokens.radii.l2');
  });

  it('reports a theme missing a semantic brand token', async () => {
    await expectProblem([{ file: 'themes/default.json', from: '"focusRing"', to: '"ring"' }],
      'themes/default.json', ['"semanticTokens"', 2], 'semanticTokens.colors.brand', 'missing required token semanticTokens.colors.brand.focusRing');
  });

  it("accepts a catalogue without validation.default: the engine's own text stands in", async () => {
    const { status, out } = await checkBroken([{ file: 'schemas/messages/en.json', from: /\s*"validation\.default": [^\n]*/, to: '' }]);
    expect(status, out).toBe(0);
    expect(out).toMatch(/^configuration ok/m);
  });

  it('reports an unregistered widget', async () => {
    await expectProblem([{ file: 'schemas/screens/home.yaml', from: 'widget: link,', to: 'widget: hyperlink,' }],
      'schemas/screens/home.yaml', 'hyperlink', 'children[2].widget', 'widget "hyperlink" is not registered');
  });

  it('reports an unknown widget prop, deep in the screen, with the props allowed', async () => {
    await expectProblem([{ file: 'schemas/screens/home.yaml', from: '        items:', to: '        itmes:' }],
      'schemas/screens/home.yaml', 'itmes:', 'children[3].children[0].itmes', 'unknown property of widget "links" (allowed: widget, when, unless, span, items, label)');
  });

  it('reports an icon name lucide does not have, with its line', async () => {
    await expectProblem([{ file: 'schemas/screens/home.yaml', from: '{ widget: heading, text: home.heading }', to: '{ widget: empty-state, icon: fil-text, text: home.heading }' }],
      'schemas/screens/home.yaml', 'icon: fil-text', 'children[0].icon', 'icon "fil-text" is not a lucide icon name');
  });

  it('reports a misspelt widget name with the likely one', async () => {
    await expectProblem([{ file: 'schemas/screens/home.yaml', from: 'widget: links', to: 'widget: lnks' }],
      'schemas/screens/home.yaml', 'widget: lnks', 'children[3].children[0].widget', 'widget "lnks" is not registered (did you mean "links"?)');
  });

  it('reports a widget prop of the wrong type', async () => {
    await expectProblem([{ file: 'schemas/screens/home.yaml', from: 'text: home.heading }', to: 'text: home.heading, level: top }' }],
      'schemas/screens/home.yaml', 'level: top', 'children[0].level', 'must be integer (widget "heading")');
  });

  it('reports a missing required widget prop', async () => {
    await expectProblem([{ file: 'schemas/screens/home.yaml', from: '{ widget: heading, text: home.heading }', to: '{ widget: heading }' }],
      'schemas/screens/home.yaml', 'widget: heading', 'children[0]', 'missing required property "text" of widget "heading"');
  });

  it('reports a product widget whose name is a built-in one', async () => {
    await expectProblem([{
      file: 'flows/registry.ts',
      from: '  formatters: {',
      to: "  extras: { widgets: [{ name: 'stack', props: async () => ({ type: 'object' }), load: async () => null }] },\n  formatters: {",
    }], 'flows/registry.ts', 'extras:', 'productModules.extras', 'widget "stack" of module "extras" is also defined by the engine (a built-in)');
  });

  it('reports a formatter two product modules define', async () => {
    await expectProblem([{ file: 'flows/registry.ts', from: /\n};\s*$/, to: "\n  more: { formatters: { money: () => '' } },\n};\n" }],
      'flows/registry.ts', 'more:', 'productModules.more', 'formatter "money" of module "more" is also defined by module "formatters"');
  });

  it('reports a meta-schema violation at its line', async () => {
    await expectProblem([{ file: 'schemas/routes.yaml', from: '{ path: later, planned: true }', to: '{ path: later, planed: true }' }],
      'schemas/routes.yaml', 'planed', 'layouts.main.routes[2].planed', 'unknown property');
  });
  describe('operations', () => {
    it('reports an unknown query key of a screen binding', async () => {
      await expectProblem([{ file: 'schemas/screens/item.yaml', from: 'query: { expand: true }', to: 'query: { expand: true, sort: name }' }],
        'schemas/screens/item.yaml', 'sort: name', 'children[1].query.sort',
        'unknown query parameter "sort" for operation getItem (declared: expand; openapi/items.yaml:');
    });

    it('reports a query key a widget would fill through `range` that the operation does not declare', async () => {
      await expectProblem([{ file: 'schemas/screens/item.yaml', from: 'query: { expand: true }', to: 'query: { expand: true }\n    range: { from: since, to: expand }' }],
        'schemas/screens/item.yaml', 'range: { from: since', 'children[1].range',
        'unknown query parameter "since" for operation getItem (declared: expand; openapi/items.yaml:');
    });

    it('reports a paged source whose operation does not take the grid query parameters', async () => {
      await expectProblem([{ file: 'schemas/screens/item.yaml', from: 'query: { expand: true }', to: 'query: { expand: true }\n    paged: true' }],
        'schemas/screens/item.yaml', 'paged: true', 'children[1].paged',
        'a paged source sends "startRow", which operation getItem does not declare (openapi/items.yaml:');
    });

    it('reports a route gate naming a screen that does not exist', async () => {
      await expectProblem([{ file: 'schemas/routes.yaml', from: 'requires: session, title: items.title }', to: 'requires: session, title: items.title, gate: { when: $session.member, screen: members-only } }' }],
        'schemas/routes.yaml', 'gate: { when', 'layouts.main.routes[1].gate.screen', 'screen "members-only" is not in schemas/screens/');
    });

    it('reports a frame prerendered for a route that needs no session, and a first view for one that does', async () => {
      await expectProblem([{ file: 'schemas/routes.yaml', from: '{ path: home, screen: home, title: home.title }', to: '{ path: home, screen: home, title: home.title, prerender: frame }' }],
        'schemas/routes.yaml', 'path: home', 'layouts.main.routes[0]', 'route "/home" is prerendered as a frame but does not require a session');
      await expectProblem([{ file: 'schemas/routes.yaml', from: 'requires: session, title: items.title }', to: 'requires: session, title: items.title, prerender: true }' }],
        'schemas/routes.yaml', 'path: "items', 'layouts.main.routes[1]', 'route "/items/:id?" requires a session: a signed-out first view of it is never shown');
    });

    it('reports a missing required path parameter of a screen binding', async () => {
      await expectProblem([{ file: 'schemas/screens/item.yaml', from: '    params: { id: $route.id }\n', to: '' }],
        'schemas/screens/item.yaml', 'widget: data', 'children[1]', 'missing required path parameter "id" of operation getItem');
    });

    it('reports an unknown body key and a missing required body property of a flow binding', async () => {
      const { status, out, root } = await checkBroken([{ file: 'flows/demo.machine.yaml', from: 'body: { name: $event.data.name,', to: 'body: { title: $event.data.name,' }]);
      expect(status).toBe(1);
      const line = lineOf(root, 'flows/demo.machine.yaml', 'title: $event.data.name');
      expect(out).toMatch(new RegExp(`^flows/demo\\.machine\\.yaml:${line}:\\d+ states\\.saving\\.invoke\\.input\\.body\\.title: unknown body property "title" for operation saveItem \\(declared: id, name, email;`, 'm'));
      expect(out).toMatch(new RegExp(`^flows/demo\\.machine\\.yaml:${line}:\\d+ states\\.saving\\.invoke\\.input\\.body: missing required body property "name" of operation saveItem`, 'm'));
    });

    it('reports a form looser than the request body of the operation it submits to', async () => {
      const { root } = await checkBroken([]);
      const declared = lineOf(root, 'openapi/items.yaml', 'name: { type: string, minLength: 2, maxLength: 80 }');
      await expectProblem([{ file: 'schemas/forms/item-form.yaml', from: 'minLength: 2, maxLength: 80', to: 'minLength: 2, maxLength: 200' }],
        'schemas/forms/item-form.yaml', 'maxLength: 200', 'schema.properties.name.maxLength',
        `field "name" is looser than body property "name" of operation saveItem (openapi/items.yaml:${declared}): maxLength 200 is more than the operation's 80`);
    });

    it('reports a form field that fills a required body property without being required', async () => {
      await expectProblem([{ file: 'schemas/forms/item-form.yaml', from: 'required: [name]', to: 'required: [email]' }],
        'schemas/forms/item-form.yaml', 'required: [email]', 'schema.required',
        'field "name" must be required: it fills required body property "name" of operation saveItem');
    });

    it('reports an error rule naming an unknown operation', async () => {
      await expectProblem([{ file: 'schemas/errors.yaml', from: 'exceptOperations: [saveItem]', to: 'exceptOperations: [saveThing]' }],
        'schemas/errors.yaml', 'saveThing', 'rules[1].when.exceptOperations[0]', 'operation "saveThing" is not declared in openapi/');
    });

    it('explains an error rule that still names an operation by path', async () => {
      await expectProblem([{ file: 'schemas/errors.yaml', from: 'exceptOperations: [saveItem]', to: 'exceptOperations: [/Items]' }],
        'schemas/errors.yaml', '/Items', 'rules[1].when.exceptOperations[0]',
        'operation "/Items" is not declared in openapi/ (error rules name operations by operationId, not by path)');
    });
  });

  describe('flow namespaces', () => {
    it("reports a name only another flow's module defines, which the machine cannot reach", async () => {
      await expectProblem([{ file: 'flows/session.machine.yaml', from: 'actions: signIn', to: 'actions: markSaved' }],
        'flows/session.machine.yaml', 'markSaved', 'states.signedOut.on.LOGIN.actions',
        'action "markSaved" is not defined in the lookup path of flow "session" (flow module "session", the engine\'s built-ins): flow module "demo" defines it, which only its own flow reaches');
    });

    it('reports a name of a shared module the machine does not use, and the module nobody uses', async () => {
      const { status, out, root } = await checkBroken([{ file: 'flows/demo.machine.yaml', from: 'uses: [common]\n', to: '' }]);
      expect(status).toBe(1);
      expect(out).toMatch(new RegExp(`^flows/demo\\.machine\\.yaml:${lineOf(root, 'flows/demo.machine.yaml', 'entry: resetForm')}:\\d+ states\\.idle\\.entry: action "resetForm" is not defined in the lookup path of flow "demo" \\(flow module "demo", the engine's built-ins\\): shared module "common" defines it, add "common" to the machine's uses`, 'm'));
      expect(out).toMatch(new RegExp(`^flows/registry\\.ts:${lineOf(root, 'flows/registry.ts', 'common: commonFlow')}:\\d+ sharedFlows\\["common"\\]: shared flow module "common" is used by no machine`, 'm'));
    });

    it('reports a shared module the machine names but nobody registered', async () => {
      await expectProblem([{ file: 'flows/demo.machine.yaml', from: 'uses: [common]', to: 'uses: [common, extras]' }],
        'flows/demo.machine.yaml', 'uses: [common, extras]', 'uses[1]', 'shared flow module "extras" is not registered (known: common)');
    });

    it('reports two flow modules defining the same name, at the second definition', async () => {
      await expectProblem([{ file: 'flows/session.ts', from: '    signIn: () => ({ isLoggedIn: true }),', to: '    signIn: () => ({ isLoggedIn: true }),\n    markSaved: () => ({}),' }],
        'flows/session.ts', 'markSaved', 'sessionFlow.assigns.markSaved',
        'action "markSaved" of flow module "session" is also defined by flow module "demo": a name means one thing across the product\'s flows; put it in a shared module both flows use');
    });

    it('reports a flow module redefining a name of a shared module it uses without declaring the override', async () => {
      await expectProblem([{ file: 'flows/demo.ts', from: '    markSaved:', to: '    resetForm: () => ({ saved: null }),\n    markSaved:' }],
        'flows/demo.ts', 'resetForm', 'demoFlow.assigns.resetForm',
        'action "resetForm" of flow module "demo" is also defined by shared module "common", after it in the lookup path: rename it, or list it in the module\'s overrides');
    });

    it('accepts that override once the flow module declares it', async () => {
      const { status, out } = await checkBroken([{ file: 'flows/demo.ts', from: '  assigns: {\n    markSaved:', to: "  overrides: ['resetForm'],\n  assigns: {\n    resetForm: () => ({ saved: null }),\n    markSaved:" }]);
      expect(out).toMatch(/^configuration ok/m);
      expect(status).toBe(0);
    });

    it("reports a flow module silently redefining an engine built-in", async () => {
      await expectProblem([{ file: 'flows/demo.ts', from: '    canSave: () => true,', to: '    canSave: () => true,\n    hasError: () => false,' }],
        'flows/demo.ts', 'hasError', 'demoFlow.guards.hasError',
        'guard "hasError" of flow module "demo" is also defined by the engine\'s built-ins, after it in the lookup path');
    });

    it('reports an override that replaces nothing', async () => {
      await expectProblem([{ file: 'flows/demo.ts', from: '  guards: {', to: "  overrides: ['canSave'],\n  guards: {" }],
        'flows/demo.ts', 'overrides:', 'demoFlow.overrides',
        'flow module "demo" lists "canSave" in its overrides, but nothing after it in the lookup path of flow "demo" defines it');
    });

    it('reports two shared modules of one machine defining the same name', async () => {
      await expectProblem([
        { file: 'flows/registry.ts', from: '      common: commonFlow,', to: "      common: commonFlow,\n      more: { assigns: { resetForm: () => ({}) } }," },
        { file: 'flows/demo.machine.yaml', from: 'uses: [common]', to: 'uses: [common, more]' },
      ], 'flows/shared/common.ts', 'resetForm', 'commonFlow.assigns.resetForm',
      'action "resetForm" is defined by both shared module "common" and shared module "more", which one flow uses: neither may override the other');
    });

    it('reports a flow module without a machine', async () => {
      await expectProblem([{ file: 'flows/registry.ts', from: '      session: sessionFlow,', to: '      session: sessionFlow,\n      wizard: {},' }],
        'flows/registry.ts', 'wizard: {}', 'flows["wizard"]', 'flow module "wizard" has no machine flows/wizard.machine.yaml');
    });
  });

  describe('session contract', () => {
    it('reports a session machine lacking a state, an event and a context field the engine needs', async () => {
      const file = 'flows/session.machine.yaml';
      const { status, out, root } = await checkBroken([
        { file, from: '  signedIn: {}', to: '  loggedIn: {}' },
        { file, from: '  LOGOUT:', to: '  SIGN_OUT:' },
        { file, from: 'context: { isLoggedIn: false, theme: Default }', to: 'context: { isLoggedIn: false }' },
      ]);
      expect(status).toBe(1);
      expect(out).toMatch(new RegExp(`^flows/session\\.machine\\.yaml:${lineOf(root, file, 'states:')}:\\d+ states: the session contract needs a top-level state "signedIn": routes and navigation items with \`requires: session\``, 'm'));
      expect(out).toMatch(new RegExp(`^flows/session\\.machine\\.yaml:${lineOf(root, file, 'SIGN_OUT') - 1}:\\d+ on: the session contract needs event "LOGOUT" handled at the machine's top level`, 'm'));
      expect(out).toMatch(new RegExp(`^flows/session\\.machine\\.yaml:${lineOf(root, file, 'context:')}:\\d+ context: the session contract needs context field "theme"`, 'm'));
      expect(out).toMatch(/^3 problems$/m);
    });

    it('requires the tenant field app.yaml names', async () => {
      await expectProblem([{ file: 'schemas/app.yaml', from: 'sessionFlow: session', to: 'sessionFlow: session\nsessionTenant: tenant' }],
        'flows/session.machine.yaml', 'context:', 'context', 'the session contract needs context field "tenant"');
    });

    it('reports an event sent to the session flow that the session machine never handles', async () => {
      await expectProblem([{ file: 'flows/demo.machine.yaml', from: 'entry: resetForm', to: 'entry: [resetForm, { type: notifySession, params: { type: REFRESH } }]' }],
        'flows/demo.machine.yaml', 'REFRESH', 'states.idle.entry[1].params.type',
        'event "REFRESH" is sent to the session flow, but flows/session.machine.yaml handles no such event');
    });

    it('reports a session flow without a machine', async () => {
      await expectProblem([{ file: 'schemas/app.yaml', from: 'sessionFlow: session', to: 'sessionFlow: portalSession' }],
        'schemas/app.yaml', 'portalSession', 'sessionFlow', 'flow "portalSession" has no flows/portalSession.machine.yaml');
    });
  });
  describe('fragments', () => {
    const heading = { file: 'schemas/screens/home.yaml', from: '{ widget: heading, text: home.heading }', to: '{ $fragment: greeting }' };

    it('reads a screen with its fragments expanded', async () => {
      const { status, out } = await checkBroken([heading], FIXTURE, { 'schemas/fragments/greeting.yaml': 'content: { widget: heading, text: home.heading }\n' });
      expect(out).toMatch(/^configuration ok/m);
      expect(status).toBe(0);
    });

    it('reports a fragment that does not exist', async () => {
      await expectProblem([heading], 'schemas/screens/home.yaml', '$fragment: greeting', 'children[0].$fragment', 'unknown fragment "greeting" (schemas/fragments/ holds none)');
    });

    it('reports a mistake inside included content at the include', async () => {
      await expectProblem([heading], 'schemas/screens/home.yaml', '$fragment: greeting', 'children[0].text', 'message "home.welcome" is not in schemas/messages/en.json',
        { 'schemas/fragments/greeting.yaml': 'content: { widget: heading, text: home.welcome }\n' });
    });

    it('reports a machine fragment used without its parameter', async () => {
      await expectProblem([{ file: 'flows/demo.machine.yaml', from: 'onError: { target: idle, guard: { type: canSave }, actions: resetForm }', to: 'onError: { $fragment: back-to }' }],
        'flows/demo.machine.yaml', '$fragment: back-to', 'states.saving.invoke.onError.$fragment', 'fragment "back-to" needs parameter "state" (where to go)',
        { 'flows/fragments/back-to.yaml': 'params:\n  state: { description: where to go }\ncontent: { target: $with.state, actions: resetForm }\n' });
    });

    it('reports fragments where they are not expanded', async () => {
      await expectProblem([{ file: 'schemas/forms/item-form.yaml', from: /^schema:/m, to: '$fragment: shared-form\nschema:' }],
        'schemas/forms/item-form.yaml', '$fragment: shared-form', '$fragment', 'fragments are expanded only in screens (schemas/screens/) and machines (flows/*.machine.yaml)');
    });
  });
});
