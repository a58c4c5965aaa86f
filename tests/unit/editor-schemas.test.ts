// The editor schemas (generated/config-schemas/, mapped to files by .vscode/settings.json) accept
// every configuration file of the product, name the place of a mistake, accept fragment uses and
// fragment files, and leave no configuration file without a schema.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, matchesGlob, relative, sep } from 'node:path';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const CONFIG_DIRS = ['schemas', 'flows', 'themes', 'openapi'];

interface EditorSettings {
  'yaml.schemas': Record<string, string | string[]>;
  'json.schemas': Array<{ fileMatch: string[]; url: string }>;
}
const settings = JSON.parse(readFileSync(join(root, '.vscode/settings.json'), 'utf8')) as EditorSettings;

/** A settings pattern as the YAML language server reads it: without a leading slash it matches at any depth. */
const matches = (file: string, pattern: string) => matchesGlob(file, `**/${pattern.replace(/^\//, '')}`);

/** The schema files the editor settings map a (root-relative) file to. */
function schemasFor(file: string): string[] {
  const pairs: Array<[string, string[]]> = file.endsWith('.json')
    ? settings['json.schemas'].map(({ url, fileMatch }) => [url, fileMatch])
    : Object.entries(settings['yaml.schemas']).map(([url, globs]) => [url, [globs].flat()]);
  return pairs.filter(([, globs]) => globs.some((glob) => matches(file, glob))).map(([url]) => url.replace(/^\.\//, ''));
}

/** Every YAML and JSON file of the configuration folders (what the analysts edit). */
function configurationFiles(): string[] {
  return CONFIG_DIRS.flatMap((dir) =>
    readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
      .map((name) => relative(root, join(root, dir, name)).split(sep).join('/'))
      .filter((file) => /\.(ya?ml|json)$/.test(file) && statSync(join(root, file)).isFile()),
  ).sort();
}

const ajv = new Ajv({ allErrors: true, allowUnionTypes: true, strict: true, strictTypes: false, strictRequired: false });
// Words for editors (an enum value's description): no rule.
ajv.addKeyword({ keyword: 'enumDescriptions', schemaType: 'array' });
const compiled = new Map<string, ValidateFunction>();
function validatorOf(schemaFile: string): ValidateFunction {
  let validate = compiled.get(schemaFile);
  if (!validate) {
    validate = ajv.compile(JSON.parse(readFileSync(join(root, schemaFile), 'utf8')));
    compiled.set(schemaFile, validate);
  }
  return validate;
}

/** The problems of a document at a path, as an editor would list them: "<instance path> <message>". */
function problems(file: string, data: unknown): string[] {
  const [schemaFile] = schemasFor(file);
  const validate = validatorOf(schemaFile);
  if (validate(data)) return [];
  return (validate.errors ?? []).map(asProblem);
}

function asProblem(error: ErrorObject): string {
  const extra = error.keyword === 'additionalProperties' ? ` (${String(error.params.additionalProperty)})` : '';
  return `${error.instancePath || '/'} ${error.message}${extra}`;
}

const read = (file: string) => {
  const text = readFileSync(join(root, file), 'utf8');
  return file.endsWith('.json') ? JSON.parse(text) : parse(text);
};

describe('editor schemas', { timeout: 30_000 }, () => {
  const files = configurationFiles();

  it('map every configuration file to exactly one generated schema that exists', () => {
    expect(files.length).toBeGreaterThan(100);
    const unmapped = files.filter((file) => schemasFor(file).length === 0);
    const twice = files.filter((file) => schemasFor(file).length > 1);
    expect(unmapped).toEqual([]);
    expect(twice).toEqual([]);
    const mapped = [...Object.keys(settings['yaml.schemas']), ...settings['json.schemas'].map(({ url }) => url)];
    for (const url of mapped) {
      expect(url).toMatch(/^\.\/generated\/config-schemas\/[a-z-]+\.schema\.json$/);
      expect(statSync(join(root, url)).isFile()).toBe(true);
    }
    // Each kind the generator writes is used.
    const written = readdirSync(join(root, 'generated/config-schemas')).map((name) => `./generated/config-schemas/${name}`);
    expect(written.filter((url) => !mapped.includes(url))).toEqual([]);
  });

  it('recommend the YAML extension', () => {
    const extensions = JSON.parse(readFileSync(join(root, '.vscode/extensions.json'), 'utf8')) as { recommendations: string[] };
    expect(extensions.recommendations).toContain('redhat.vscode-yaml');
  });

  it('accept every configuration file of the product', () => {
    const found = Object.fromEntries(files.map((file) => [file, problems(file, read(file))]).filter(([, list]) => list.length > 0));
    expect(found).toEqual({});
  });

  it('reject an unknown prop of a button, naming the node and the prop', () => {
    const screen = { widget: 'stack', children: [{ widget: 'heading', text: 'a.title' }, { widget: 'button', text: 'a.go', event: 'GO', colour: 'red' }] };
    expect(problems('schemas/screens/planted.yaml', screen)).toContain('/children/1 must NOT have additional properties (colour)');
  });

  it('reject an unknown widget name, naming where it stands', () => {
    const screen = { widget: 'stack', children: [{ widget: 'buton', text: 'a.go', event: 'GO' }] };
    expect(problems('schemas/screens/planted.yaml', screen)).toContain('/children/0/widget must be equal to one of the allowed values');
  });

  it("check a widget's own props and those of its position", () => {
    expect(problems('schemas/screens/planted.yaml', { widget: 'button', title: 'a.title', text: 'a.go' }))
      .toContain("/ must have required property 'event'");
    expect(problems('schemas/screens/planted.yaml', { widget: 'stack', children: [{ widget: 'heading', text: 'a.b', title: 'a.title' }] }))
      .toContain('/children/0 must NOT have additional properties (title)');
    const flow = { widget: 'flow', flow: 'login', views: [{ widget: 'alert', status: 'error', text: 'a.b', states: ['failed'], busyIn: ['sending'] }] };
    expect(problems('schemas/screens/planted.yaml', flow)).toEqual([]);
    expect(problems('schemas/screens/planted.yaml', { widget: 'button', text: 'a.go', event: 'GO', variant: 'loud' }))
      .toContain('/variant must be equal to one of the allowed values');
  });

  it('accept fragment uses: a map with $fragment needs no required keys, and stands for lists and values', () => {
    const screen = {
      widget: 'stack',
      children: [
        { $fragment: 'documents-alert', $with: { text: 'documents.loadFailed' } },
        { widget: 'button', $fragment: 'primary-button' },
        { widget: 'links', items: { $fragment: 'footer-links' } },
      ],
    };
    expect(problems('schemas/screens/planted.yaml', screen)).toEqual([]);
    const routes = { layouts: { root: { $fragment: ['portal-layout', 'mirrored'], routes: [{ $fragment: 'billing-routes' }] } } };
    expect(problems('schemas/routes.yaml', routes)).toEqual([]);
    const machine = { id: 'x', initial: 'a', states: { a: { on: { RETRY: { $fragment: 'retry', $with: { retry: 'a' } } } }, $fragment: 'failure-states' } };
    expect(problems('flows/planted.machine.yaml', machine)).toEqual([]);
    // Beside $fragment, the map's own keys are still checked.
    expect(problems('schemas/screens/planted.yaml', { widget: 'button', $fragment: 'primary-button', colour: 'red' }))
      .toContain('/ must NOT have additional properties (colour)');
    expect(problems('schemas/routes.yaml', { layouts: { root: { $fragment: 7 } } }).length).toBeGreaterThan(0);
  });

  it('accept fragment files and check the names in a screen fragment', () => {
    const fragment = {
      params: { text: { description: "the alert's message key" }, retry: { description: 'state', default: 'loading' } },
      content: { widget: 'stack', gap: '$with.gap', children: [{ widget: 'alert', status: 'error', text: '$with.text' }, { $fragment: 'retry-button' }] },
    };
    expect(problems('schemas/fragments/planted.yaml', fragment)).toEqual([]);
    expect(problems('schemas/fragments/planted.yaml', { content: [{ widget: 'button' }, { widget: '$with.kind' }] })).toEqual([]);
    expect(problems('schemas/fragments/planted.yaml', { content: { widget: 'stack', children: [{ widget: 'button', colour: 'red' }] } }))
      .toContain('/content/children/0 must NOT have additional properties (colour)');
    expect(problems('schemas/fragments/planted.yaml', { params: {} })).toContain("/ must have required property 'content'");
    expect(problems('flows/fragments/planted.yaml', { params: { retry: { default: 'loading' } }, content: { on: { RETRY: '$with.retry' } } })).toEqual([]);
    expect(problems('flows/fragments/planted.yaml', { content: {}, param: {} })).toContain('/ must NOT have additional properties (param)');
  });
});
