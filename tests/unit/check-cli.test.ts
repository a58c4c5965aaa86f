// `npm run check` on broken copies of tests/fixtures/project: one kind of mistake per test.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const FIXTURE = join(import.meta.dirname, '../fixtures/project');
const CLI = join(import.meta.dirname, '../../engine/cli/check.ts');
const temps: string[] = [];
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

interface Edit {
  file: string;
  from: string | RegExp;
  to: string;
}

/** Copies the fixture, applies the edits, runs the checker; returns its output and exit code. */
function checkBroken(edits: Edit[]): { status: number | null; out: string; root: string } {
  const root = mkdtempSync(join(tmpdir(), 'check-'));
  temps.push(root);
  cpSync(FIXTURE, root, { recursive: true });
  for (const e of edits) {
    const path = join(root, e.file);
    const before = readFileSync(path, 'utf8');
    const after = before.replace(e.from, e.to);
    if (after === before) throw new Error(`edit did not apply to ${e.file}: ${e.from}`);
    writeFileSync(path, after);
  }
  const run = spawnSync(process.execPath, [CLI, '--root', root], { encoding: 'utf8' });
  return { status: run.status, out: run.stdout + run.stderr, root };
}

/** 1-based line of the first line containing `needle` in the (broken) copy. */
function lineOf(root: string, file: string, needle: string): number {
  const index = readFileSync(join(root, file), 'utf8').split('\n').findIndex((l) => l.includes(needle));
  if (index < 0) throw new Error(`${needle} not in ${file}`);
  return index + 1;
}

/** `at`: a text on the expected line, or that text and how many lines below it the problem is. */
function expectProblem(edits: Edit[], file: string, at: string | [string, number], path: string, reason: string): void {
  const { status, out, root } = checkBroken(edits);
  expect(status, out).toBe(1);
  const line = typeof at === 'string' ? lineOf(root, file, at) : lineOf(root, file, at[0]) + at[1];
  const escaped = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  expect(out).toMatch(new RegExp(`^${escaped(file)}:${line}:\\d+ ${escaped(path)}: .*${escaped(reason)}`, 'm'));
  expect(out).toMatch(/^\d+ problems?$/m);
}

describe('npm run check', { timeout: 30_000 }, () => {
  it('passes the valid fixture', () => {
    const run = spawnSync(process.execPath, [CLI, '--root', FIXTURE], { encoding: 'utf8' });
    expect(run.stdout + run.stderr).toMatch(/^configuration ok \(\d+ files\)$/m);
    expect(run.status).toBe(0);
  });

  it('reports a YAML syntax error with its line and column', () => {
    const { status, out, root } = checkBroken([{ file: 'schemas/routes.yaml', from: '{ path: later, planned: true }', to: '{ path: later, planned: true' }]);
    expect(status).toBe(1);
    const line = lineOf(root, 'schemas/routes.yaml', 'path: later');
    expect(out).toMatch(new RegExp(`^schemas/routes\\.yaml:(${line}|${line + 1}):\\d+ YAML syntax error: `, 'm'));
  });

  it('reports a JSON syntax error with its line and column', () => {
    const { status, out, root } = checkBroken([{ file: 'schemas/messages/en.json', from: '"home.title": "Home",', to: '"home.title": "Home",,' }]);
    expect(status).toBe(1);
    const line = lineOf(root, 'schemas/messages/en.json', '"home.title"');
    expect(out).toMatch(new RegExp(`^schemas/messages/en\\.json:${line}:24 JSON syntax error: `, 'm'));
  });

  it('reports a route whose screen is missing', () => {
    expectProblem([{ file: 'schemas/routes.yaml', from: 'screen: item,', to: 'screen: nope,' }],
      'schemas/routes.yaml', 'screen: nope', 'layouts.main.routes[1].screen', 'screen "nope" is not in schemas/screens/');
  });

  it('reports a redirect target that matches no route', () => {
    expectProblem([{ file: 'schemas/redirects.yaml', from: 'to: /home }', to: 'to: /homes }' }],
      'schemas/redirects.yaml', '/homes', 'redirects[0].to', 'no route matches "/homes"');
  });

  it('reports a redirect withSubPath that matches no route', () => {
    expectProblem([{ file: 'schemas/redirects.yaml', from: 'withSubPath: /items', to: 'withSubPath: /things' }],
      'schemas/redirects.yaml', '/things', 'redirects[1].withSubPath', 'no route matches "/things"');
  });

  it('reports a layout feature that is not a declared flag', () => {
    expectProblem([{ file: 'schemas/routes.yaml', from: 'feature: extraLayout', to: 'feature: otherLayout' }],
      'schemas/routes.yaml', 'otherLayout', 'layouts.extra.feature', 'feature flag "otherLayout" is not in schemas/features.yaml');
  });

  it('reports a screen operation missing from openapi/', () => {
    expectProblem([{ file: 'schemas/screens/item.yaml', from: 'operation: getItem', to: 'operation: getThing' }],
      'schemas/screens/item.yaml', 'getThing', 'children[1].operation', 'operation "getThing" is not declared in openapi/');
  });

  it('reports a flow invoke operationId missing from openapi/', () => {
    expectProblem([{ file: 'flows/demo.machine.yaml', from: 'operationId: saveItem', to: 'operationId: saveThing' }],
      'flows/demo.machine.yaml', 'saveThing', 'states.saving.invoke.input.operationId', 'operation "saveThing" is not declared in openapi/');
  });

  it('reports a screen message key missing from en.json', () => {
    expectProblem([{ file: 'schemas/screens/home.yaml', from: 'text: home.heading', to: 'text: home.welcome' }],
      'schemas/screens/home.yaml', 'home.welcome', 'children[0].text', 'message "home.welcome" is not in schemas/messages/en.json');
  });

  it('reports a route title, navigation text, form and uiSchema key missing from en.json', () => {
    const { out, root } = checkBroken([
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

  it('reports a form whose JSON Schema is invalid', () => {
    expectProblem([{ file: 'schemas/forms/item-form.yaml', from: 'type: string, title: fields.name', to: 'type: strnig, title: fields.name' }],
      'schemas/forms/item-form.yaml', 'strnig', 'schema.properties.name.type', 'invalid JSON Schema: must be one of: array, boolean');
  });

  it('reports a rule condition that is not valid JSON Schema', () => {
    expectProblem([{ file: 'schemas/forms/item-form.yaml', from: 'name: { minLength: 1 }', to: 'name: { minLength: one }' }],
      'schemas/forms/item-form.yaml', 'minLength: one', 'rules[0].condition.properties.name.minLength', 'invalid JSON Schema: must be integer');
  });

  it("reports a rule condition naming a field the form does not have, and a rule on one", () => {
    expectProblem([{ file: 'schemas/forms/item-form.yaml', from: 'name: { minLength: 1 }', to: 'nickname: { minLength: 1 }' }],
      'schemas/forms/item-form.yaml', 'nickname: { minLength: 1 }', 'rules[0].condition.properties.nickname', 'field "nickname" is not in the form\'s schema');
    expectProblem([{ file: 'schemas/forms/item-form.yaml', from: '      required: [name]', to: '      required: [name, phone]' }],
      'schemas/forms/item-form.yaml', 'required: [name, phone]', 'rules[0].condition.required[1]', 'field "phone" is not in the form\'s schema');
    expectProblem([{ file: 'schemas/forms/item-form.yaml', from: '- field: email', to: '- field: phone' }],
      'schemas/forms/item-form.yaml', '- field: phone', 'rules[0].field', 'field "phone" is not in the form\'s schema');
  });

  it('reports a rule whose condition reads its own field, and an unknown effect', () => {
    expectProblem([{ file: 'schemas/forms/item-form.yaml', from: 'name: { minLength: 1 }', to: 'email: { minLength: 1 }' }],
      'schemas/forms/item-form.yaml', 'email: { minLength: 1 }', 'rules[0].condition.properties.email', 'a rule cannot depend on its own field "email"');
    expectProblem([{ file: 'schemas/forms/item-form.yaml', from: 'effect: SHOW', to: 'effect: REVEAL' }],
      'schemas/forms/item-form.yaml', 'effect: REVEAL', 'rules[0].effect', 'must be one of: SHOW, HIDE, ENABLE, DISABLE, REQUIRE');
  });

  it("reports a screen's form that does not exist", () => {
    expectProblem([{ file: 'schemas/screens/home.yaml', from: 'form: item-form', to: 'form: item-editor' }],
      'schemas/screens/home.yaml', 'item-editor', 'children[1].views[0].form', 'form "item-editor" is not in schemas/forms/');
  });

  it("reports a screen's flow without a machine file", () => {
    expectProblem([{ file: 'schemas/screens/home.yaml', from: 'flow: demo', to: 'flow: wizard' }],
      'schemas/screens/home.yaml', 'flow: wizard', 'children[1].flow', 'flow "wizard" has no flows/wizard.machine.yaml');
  });

  it('reports an unregistered guard', () => {
    expectProblem([{ file: 'flows/demo.machine.yaml', from: 'guard: canSave,', to: 'guard: canStore,' }],
      'flows/demo.machine.yaml', 'canStore', 'states.idle.on.SUBMIT.guard', 'guard "canStore" is not registered');
  });

  it('reports an unregistered action, string or {type, params}', () => {
    const { out } = checkBroken([
      { file: 'flows/demo.machine.yaml', from: 'entry: resetForm', to: 'entry: wipeForm' },
      { file: 'flows/demo.machine.yaml', from: 'type: markSaved', to: 'type: markStored' },
    ]);
    expect(out).toMatch(/^flows\/demo\.machine\.yaml:6:\d+ states\.idle\.entry: action "wipeForm" is not registered/m);
    expect(out).toMatch(/^flows\/demo\.machine\.yaml:13:\d+ states\.saving\.invoke\.onDone\.actions\.type: action "markStored" is not registered/m);
  });

  it('reports an unregistered actor', () => {
    expectProblem([{ file: 'flows/demo.machine.yaml', from: 'src: callApi', to: 'src: callServer' }],
      'flows/demo.machine.yaml', 'callServer', 'states.saving.invoke.src', 'actor "callServer" is not registered');
  });

  it('reports a theme missing a required token', () => {
    expectProblem([{ file: 'themes/default.json', from: '"l2"', to: '"l3"' }],
      'themes/default.json', '"radii"', 'tokens.radii', 'missing required token tokens.radii.l2');
  });

  it('reports a theme missing a semantic brand token', () => {
    expectProblem([{ file: 'themes/default.json', from: '"focusRing"', to: '"ring"' }],
      'themes/default.json', ['"semanticTokens"', 2], 'semanticTokens.colors.brand', 'missing required token semanticTokens.colors.brand.focusRing');
  });

  it('reports a missing validation.default message', () => {
    const { status, out } = checkBroken([{ file: 'schemas/messages/en.json', from: /\s*"validation\.default": [^\n]*/, to: '' }]);
    expect(status).toBe(1);
    expect(out).toMatch(/^schemas\/messages\/en\.json:1:1 message "validation\.default" is missing/m);
  });

  it('reports an unregistered widget', () => {
    expectProblem([{ file: 'schemas/screens/home.yaml', from: 'widget: link,', to: 'widget: hyperlink,' }],
      'schemas/screens/home.yaml', 'hyperlink', 'children[2].widget', 'widget "hyperlink" is not registered');
  });

  it('reports an unknown widget prop, deep in the screen, with the props allowed', () => {
    expectProblem([{ file: 'schemas/screens/home.yaml', from: '        items:', to: '        itmes:' }],
      'schemas/screens/home.yaml', 'itmes:', 'children[3].children[0].itmes', 'unknown property of widget "links" (allowed: widget, when, unless, items, label)');
  });

  it('reports a misspelt widget name with the likely one', () => {
    expectProblem([{ file: 'schemas/screens/home.yaml', from: 'widget: links', to: 'widget: lnks' }],
      'schemas/screens/home.yaml', 'widget: lnks', 'children[3].children[0].widget', 'widget "lnks" is not registered (did you mean "links"?)');
  });

  it('reports a widget prop of the wrong type', () => {
    expectProblem([{ file: 'schemas/screens/home.yaml', from: 'text: home.heading }', to: 'text: home.heading, level: top }' }],
      'schemas/screens/home.yaml', 'level: top', 'children[0].level', 'must be integer (widget "heading")');
  });

  it('reports a missing required widget prop', () => {
    expectProblem([{ file: 'schemas/screens/home.yaml', from: '{ widget: heading, text: home.heading }', to: '{ widget: heading }' }],
      'schemas/screens/home.yaml', 'widget: heading', 'children[0]', 'missing required property "text" of widget "heading"');
  });

  it('reports a product widget whose name is a built-in one', () => {
    expectProblem([{
      file: 'flows/registry.ts',
      from: '  formatters: {',
      to: "  extras: { widgets: [{ name: 'stack', props: async () => ({ type: 'object' }), load: async () => null }] },\n  formatters: {",
    }], 'flows/registry.ts', 'extras:', 'productModules.extras', 'widget "stack" of module "extras" is also defined by the engine (a built-in)');
  });

  it('reports a name two product modules define', () => {
    expectProblem([{ file: 'flows/registry.ts', from: '  formatters: {', to: '  more: { guards: { canSave: () => false } },\n  formatters: {' }],
      'flows/registry.ts', 'more:', 'productModules.more', 'guard "canSave" of module "more" is also defined by module "demo"');
  });

  it('reports a meta-schema violation at its line', () => {
    expectProblem([{ file: 'schemas/routes.yaml', from: '{ path: later, planned: true }', to: '{ path: later, planed: true }' }],
      'schemas/routes.yaml', 'planed', 'layouts.main.routes[2].planed', 'unknown property');
  });
  describe('operations', () => {
    it('reports an unknown query key of a screen binding', () => {
      expectProblem([{ file: 'schemas/screens/item.yaml', from: 'query: { expand: true }', to: 'query: { expand: true, sort: name }' }],
        'schemas/screens/item.yaml', 'sort: name', 'children[1].query.sort',
        'unknown query parameter "sort" for operation getItem (declared: expand; openapi/items.yaml:');
    });

    it('reports a missing required path parameter of a screen binding', () => {
      expectProblem([{ file: 'schemas/screens/item.yaml', from: '    params: { id: $route.id }\n', to: '' }],
        'schemas/screens/item.yaml', 'widget: data', 'children[1]', 'missing required path parameter "id" of operation getItem');
    });

    it('reports an unknown body key and a missing required body property of a flow binding', () => {
      const { status, out, root } = checkBroken([{ file: 'flows/demo.machine.yaml', from: 'body: { name: $event.data.name,', to: 'body: { title: $event.data.name,' }]);
      expect(status).toBe(1);
      const line = lineOf(root, 'flows/demo.machine.yaml', 'title: $event.data.name');
      expect(out).toMatch(new RegExp(`^flows/demo\\.machine\\.yaml:${line}:\\d+ states\\.saving\\.invoke\\.input\\.body\\.title: unknown body property "title" for operation saveItem \\(declared: id, name, email;`, 'm'));
      expect(out).toMatch(new RegExp(`^flows/demo\\.machine\\.yaml:${line}:\\d+ states\\.saving\\.invoke\\.input\\.body: missing required body property "name" of operation saveItem`, 'm'));
    });

    it('reports a form looser than the request body of the operation it submits to', () => {
      const { root } = checkBroken([]);
      const declared = lineOf(root, 'openapi/items.yaml', 'name: { type: string, minLength: 2, maxLength: 80 }');
      expectProblem([{ file: 'schemas/forms/item-form.yaml', from: 'minLength: 2, maxLength: 80', to: 'minLength: 2, maxLength: 200' }],
        'schemas/forms/item-form.yaml', 'maxLength: 200', 'schema.properties.name.maxLength',
        `field "name" is looser than body property "name" of operation saveItem (openapi/items.yaml:${declared}): maxLength 200 is more than the operation's 80`);
    });

    it('reports a form field that fills a required body property without being required', () => {
      expectProblem([{ file: 'schemas/forms/item-form.yaml', from: 'required: [name]', to: 'required: [email]' }],
        'schemas/forms/item-form.yaml', 'required: [email]', 'schema.required',
        'field "name" must be required: it fills required body property "name" of operation saveItem');
    });

    it('reports an error rule naming an unknown operation', () => {
      expectProblem([{ file: 'schemas/errors.yaml', from: 'exceptOperations: [saveItem]', to: 'exceptOperations: [saveThing]' }],
        'schemas/errors.yaml', 'saveThing', 'rules[1].when.exceptOperations[0]', 'operation "saveThing" is not declared in openapi/');
    });

    it('explains an error rule that still names an operation by path', () => {
      expectProblem([{ file: 'schemas/errors.yaml', from: 'exceptOperations: [saveItem]', to: 'exceptOperations: [/Items]' }],
        'schemas/errors.yaml', '/Items', 'rules[1].when.exceptOperations[0]',
        'operation "/Items" is not declared in openapi/ (error rules name operations by operationId, not by path)');
    });
  });
});
