// `npm run check` catches a mistake in a join between files: a view naming a state its machine
// lacks, an event no state the view shows takes, an unknown form widget, field, template or format,
// a message key no catalogue has, a `$context` field the machine never has, a form naming a field
// it lacks, and tells the engine's own texts from the product's.
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadNames } from '../../engine/cli/check.ts';
import { checkProject } from '../../engine/core/config/check.ts';
import { loadProject } from '../../engine/core/config/load.ts';
import { formatProblem } from '../../engine/core/config/problem.ts';
import { endCheckCopies, checkBroken, expectProblem, expectReported, lineOf, type Edit } from './support/broken-copy.ts';

afterAll(endCheckCopies);

const HOME = 'schemas/screens/home.yaml';
const FORM = 'schemas/forms/item-form.yaml';
const MACHINE = 'flows/demo.machine.yaml';
const CATALOG = 'schemas/messages/en.json';
const VIEW = '      - { states: [idle, saving], widget: form, form: item-form, event: SUBMIT }';

/** Adds a view after the fixture's one form view of the demo flow. */
const addView = (view: string): Edit => ({ file: HOME, from: VIEW, to: `${VIEW}\n      - ${view}` });
/** The demo flow module's markSaved made in a way its source does not tell what it returns. */
const unreadableAssign: Edit = { file: 'flows/demo.ts', from: 'markSaved: () => ({ saved: true }),', to: 'markSaved: () => Object.assign({}, { saved: true }),' };

describe('npm run check: joins between files', { timeout: 60_000 }, () => {
  it('(a) reports a view naming a state its machine does not have, in states and busyIn', async () => {
    const { status, out, root } = await checkBroken([
      addView('{ states: [done], busyIn: [done.later], widget: text, text: home.heading }'),
      { file: HOME, from: 'states: [idle, saving]', to: 'states: [idle, savng]' },
    ]);
    expect(status, out).toBe(1);
    expectReported(out, root, HOME, 'savng', 'children[1].views[0].states[1]', 'state "savng" is not a state of flows/demo.machine.yaml (did you mean "saving"?) (states: idle, saving, done)');
    expectReported(out, root, HOME, 'done.later', 'children[1].views[1].busyIn[0]', 'state "done.later" is not a state of flows/demo.machine.yaml');
  });

  it('(b) reports an event that no state the view is shown in takes: a form, a dialog button, a default event', async () => {
    const { status, out, root } = await checkBroken([
      addView('{ states: [done], widget: dialog, title: home.title, confirm: { text: home.title, event: AGAIN } }'),
      addView('{ states: [done], widget: form, form: item-form }'),
      { file: HOME, from: 'event: SUBMIT }', to: 'event: SUBMT }' },
    ]);
    expect(status, out).toBe(1);
    expectReported(out, root, HOME, 'SUBMT', 'children[1].views[0].event', 'event "SUBMT" is taken by no state this view is shown in (states idle, saving of flows/demo.machine.yaml)');
    // Each view is added right after the first: the last added is views[1].
    expectReported(out, root, HOME, 'event: AGAIN', 'children[1].views[2].confirm.event', 'event "AGAIN" is taken by no state this view is shown in (states done of flows/demo.machine.yaml)');
    expectReported(out, root, HOME, 'form: item-form }', 'children[1].views[1].widget', 'event "SUBMIT" (the form\'s default, sent without `event`) is taken by no state this view is shown in');
  });

  it("(b) accepts an event an ancestor state or the machine's root takes, and reports a button outside every flow", async () => {
    const { status, out, root } = await checkBroken([
      { file: MACHINE, from: 'states:\n  idle:', to: 'on:\n  RESET: idle\nstates:\n  idle:' },
      addView('{ states: [done], widget: button, text: home.title, event: RESET }'),
      { file: HOME, from: '  - { widget: link, text: home.itemsLink, to: /items }', to: '  - { widget: button, text: home.title, event: GO }\n  - { widget: link, text: home.itemsLink, to: /items }' },
    ]);
    expect(status, out).toBe(1);
    expect(out).not.toMatch(/"RESET"/);
    expectReported(out, root, HOME, 'event: GO', 'children[2].event', 'event "GO" is sent outside every flow view: no machine receives it');
    expect(out).toMatch(/^1 problem$/m);
  });

  it('(c) reports an unknown ui:widget, a widget that does not fit the type, ui:field, template and format', async () => {
    const { status, out, root } = await checkBroken([
      { file: FORM, from: 'name: { "ui:help": fields.nameHelp }', to: 'name: { "ui:help": fields.nameHelp, "ui:widget": moneybag }\n  email: { "ui:widget": updown, "ui:field": FancyField }\n  "ui:ObjectFieldTemplate": CardTemplate' },
      { file: FORM, from: 'format: email', to: 'format: e-mail' },
    ]);
    expect(status, out).toBe(1);
    expectReported(out, root, FORM, 'moneybag', 'ui.name["ui:widget"]', 'widget "moneybag" is not registered for forms for a field of type "string"');
    expectReported(out, root, FORM, 'updown', 'ui.email["ui:widget"]', 'widget "updown" is not registered for forms for a field of type "string"');
    expectReported(out, root, FORM, 'FancyField', 'ui.email["ui:field"]', 'field "FancyField" is not registered for forms');
    expectReported(out, root, FORM, 'CardTemplate', 'ui["ui:ObjectFieldTemplate"]', 'template "CardTemplate" is not registered for forms');
    expectReported(out, root, FORM, 'e-mail', 'schema.properties.email.format', 'format "e-mail" is not known to the forms\' validator');
    // The sixth: the form no longer matches the request body's format (check-form-contracts.ts).
    expect(out).toMatch(/^6 problems$/m);
  });

  it('(c) accepts the engine\'s widgets and rjsf\'s by type', async () => {
    const { status, out } = await checkBroken([
      { file: FORM, from: 'name: { "ui:help": fields.nameHelp }', to: 'name: { "ui:help": fields.nameHelp, "ui:widget": textarea }\n  email: { "ui:widget": hidden }' },
    ]);
    expect(status, out).toBe(0);
  });

  it("(d) reports a message key of a widget prop its schema marks as a message, of a machine's toast, and of a form's choice names", async () => {
    const { status, out, root } = await checkBroken([
      addView('{ states: [idle], widget: countdown, until: 0, text: home.heading, doneText: home.again, event: SUBMIT }'),
      { file: MACHINE, from: '  done:\n    type: final', to: '  done:\n    type: final\n    entry: { type: toast, params: { status: success, titleKey: items.savedNow } }' },
      { file: FORM, from: 'name: { "ui:help": fields.nameHelp }', to: 'name: { "ui:help": fields.nameHelp, "ui:enumNames": [fields.nameA] }' },
    ]);
    expect(status, out).toBe(1);
    expectReported(out, root, HOME, 'home.again', 'children[1].views[1].doneText', 'message "home.again" is not in schemas/messages/en.json');
    expectReported(out, root, MACHINE, 'items.savedNow', 'states.done.entry.params.titleKey', 'message "items.savedNow" is not in schemas/messages/en.json');
    expectReported(out, root, FORM, 'fields.nameA', 'ui.name["ui:enumNames"][0]', 'message "fields.nameA" is not in schemas/messages/en.json');
  });

  it('(e) reports a $context field the machine never has: its context, its assigns and what its flow modules\' assigns return', async () => {
    await expectProblem([addView('{ states: [done], widget: text, text: $context.savedd }')],
      HOME, '$context.savedd', 'children[1].views[1].text', 'field "savedd" of $context is never set by flows/demo.machine.yaml (did you mean "saved"?) (its fields: error, saved)');
  });

  it("(e) reports a $context field the machine never has, read by the machine itself or by a form a view shows", async () => {
    const { status, out, root } = await checkBroken([
      { file: MACHINE, from: 'query: { dry: false }', to: 'query: { dry: $context.dryRun }' },
      { file: FORM, from: 'submit: items.save', to: 'submit: items.save\nchecks:\n  - { type: maximum, field: name, limit: $context.longest }' },
    ]);
    expect(status, out).toBe(1);
    expectReported(out, root, MACHINE, '$context.dryRun', 'states.saving.invoke.input.query.dry', 'field "dryRun" of $context is never set by flows/demo.machine.yaml');
    expectReported(out, root, HOME, 'form: item-form', 'children[1].views[0].form',
      `field "longest" of $context is never set by flows/demo.machine.yaml (its fields: error, saved): the form reads it at schemas/forms/item-form.yaml:${lineOf(root, FORM, '$context.longest')}`);
    expect(out).toMatch(/^2 problems$/m);
  });

  it("(e) accepts a field an assign sets, and any field of a machine with an assign whose source does not tell its fields", async () => {
    const known = await checkBroken([
      { file: MACHINE, from: 'entry: resetForm', to: 'entry: [resetForm, { type: assign, params: { note: hello } }]' },
      addView('{ states: [done], widget: text, text: $context.note }'),
    ]);
    expect(known.status, known.out).toBe(0);
    const unseen = await checkBroken([unreadableAssign, addView('{ states: [done], widget: text, text: $context.anything }')]);
    expect(unseen.status, unseen.out).toBe(0);
  });

  it('(f) reports a check, a uiSchema key, ui:order and a default naming a field the form lacks', async () => {
    const { status, out, root } = await checkBroken([
      { file: FORM, from: 'submit: items.save', to: 'submit: items.save\nchecks:\n  - { type: sameAs, field: email, other: emial }\ndefaults: { nmae: Ann }' },
      { file: FORM, from: 'ui:\n', to: 'ui:\n  "ui:order": [email, phone, "*"]\n  nickname: { "ui:help": fields.nameHelp }\n' },
    ]);
    expect(status, out).toBe(1);
    expectReported(out, root, FORM, 'other: emial', 'checks[0].other', 'field "emial" is not in the form\'s schema');
    expectReported(out, root, FORM, 'nmae', 'defaults.nmae', 'field "nmae" is not in the form\'s schema');
    expectReported(out, root, FORM, '"ui:order"', 'ui["ui:order"][1]', 'field "phone" is not in the form\'s schema');
    expectReported(out, root, FORM, 'nickname', 'ui.nickname', 'field "nickname" is not in the form\'s schema');
    expect(out).toMatch(/^4 problems$/m);
  });

  it("(f) reports a rule naming a field the form lacks", async () => {
    await expectProblem([{ file: FORM, from: '      required: [name]', to: '      required: [name, nick]' }],
      FORM, 'required: [name, nick]', 'rules[0].condition.required[1]', 'field "nick" is not in the form\'s schema');
  });

  it("(g) accepts a missing engine text, notes the engine texts the product overrides, and requires the product's name", async () => {
    const missingEngineText = await checkBroken([{ file: CATALOG, from: /\s*"validation\.required": [^\n]*/, to: '' }]);
    expect(missingEngineText.status, missingEngineText.out).toBe(0);
    expect(missingEngineText.out).toMatch(/^note: schemas\/messages\/en\.json overrides \d+ of the engine's own texts: .*validation\.default/m);
    expect(missingEngineText.out).not.toMatch(/validation\.required/);

    const { status, out } = await checkBroken([{ file: CATALOG, from: '"app.name": "Example",', to: '' }]);
    expect(status, out).toBe(1);
    expect(out).toMatch(/^schemas\/messages\/en\.json:1:1 message "app\.name" is missing \(the engine shows it/m);
  });
});

describe("npm run check: joins on the product's own configuration", { timeout: 60_000 }, () => {
  /** The product's configuration with `plant` applied to its loaded documents (lines stay those of the files). */
  async function checkPlanted(plant: (data: (dir: string, id: string) => Record<string, unknown>) => void): Promise<string[]> {
    const root = join(import.meta.dirname, '..', '..');
    const { project } = loadProject(root);
    const { names } = await loadNames(root);
    expect(checkProject(project, names).map(formatProblem)).toEqual([]);
    plant((dir, id) => project.collections[dir][id].data as Record<string, unknown>);
    return checkProject(project, names).map(formatProblem);
  }

  it('reports a nested state misspelt in a view, with the likely one, and leaves its events until it is fixed', async () => {
    const lines = await checkPlanted((data) => {
      const views = data('screens', 'express-payment').views as Array<{ states: string[] }>;
      const view = views.find((v) => v.states.includes('paying.entering'))!;
      view.states[view.states.indexOf('paying.entering')] = 'paying.entring';
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^schemas\/screens\/express-payment\.yaml:\d+:\d+ views\[\d+\]\.states\[0\]: state "paying\.entring" is not a state of flows\/express-pay\.machine\.yaml \(did you mean "paying\.entering"\?\)/);
  });

  it("reports a grid's row action whose event the view's machine does not take, naming the grid's line", async () => {
    const lines = await checkPlanted((data) => {
      const columns = data('grids', 'board-invoices').columns as Array<{ actions?: Array<{ event: string }> }>;
      columns.find((column) => column.actions)!.actions![0].event = 'APPROVE_ALL';
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^schemas\/screens\/board-invoices\.yaml:\d+:\d+ [^ ]+\.grid: event "APPROVE_ALL" \(a row action of grid "board-invoices", schemas\/grids\/board-invoices\.yaml:\d+\) is taken by no state this view is shown in \(states .* of flows\/invoice-decision\.machine\.yaml\)$/);
  });

  it('reports a $context field a machine never has, reading what its flow modules\' assigns return', async () => {
    const lines = await checkPlanted((data) => {
      const text = JSON.stringify(data('screens', 'make-payment')).replace('$context.subLedgerOptions', '$context.subLedgerChoices');
      Object.assign(data('screens', 'make-payment'), JSON.parse(text));
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^schemas\/screens\/make-payment\.yaml:\d+:\d+ [^ ]+\.options\.subLedgers: field "subLedgerChoices" of \$context is never set by flows\/make-payment\.machine\.yaml/);
  });
});
