import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatPath, formatProblem } from '../../engine/core/config/problem.ts';
import { parseSource } from '../../engine/core/config/source.ts';
import { loadProject } from '../../engine/core/config/load.ts';
import { validateProject } from '../../engine/core/config/validate.ts';

describe('parseSource', () => {
  it('locates paths in YAML, falling back to the deepest existing node', () => {
    const { doc } = parseSource('a.yaml', 'layouts:\n  root:\n    routes:\n      - { path: x, screen: y }\n');
    expect(doc.locate(['layouts', 'root', 'routes', 0, 'screen'])).toEqual({ line: 4, column: 28 });
    expect(doc.locate(['layouts', 'root', 'routes', 0, 'missing'])).toEqual({ line: 4, column: 9 });
    expect(doc.locate([])).toEqual({ line: 1, column: 1 });
  });
  it('locates paths in JSON', () => {
    const { doc, problems } = parseSource('t.json', '{\n  "a": {\n    "b": [1, 2]\n  }\n}\n');
    expect(problems).toEqual([]);
    expect(doc.data).toEqual({ a: { b: [1, 2] } });
    expect(doc.locate(['a', 'b', 1])).toEqual({ line: 3, column: 14 });
  });
  it('rejects JSON that YAML would accept', () => {
    const { problems, doc } = parseSource('t.json', '{ "a": 1, }');
    expect(doc.data).toBeUndefined();
    expect(problems[0]).toMatchObject({ file: 't.json', line: 1, column: 11 });
    expect(problems[0].message).toMatch(/^JSON syntax error: /);
  });
  it('reports a JSON key written twice at its second place, which JSON.parse would take silently', () => {
    const { problems, doc } = parseSource('en.json', '{\n  "a.title": "First",\n  "a.title": "Second"\n}\n');
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ file: 'en.json', line: 3 });
    expect(problems[0].message).toMatch(/written twice/);
    expect(doc.data).toEqual({ 'a.title': 'Second' });
  });

  it('reports YAML duplicate keys and syntax errors at their position', () => {
    const { problems } = parseSource('x.yaml', 'a: 1\na: 2\n');
    expect(problems[0]).toMatchObject({ line: 2, column: 1, message: 'YAML syntax error: Map keys must be unique' });
  });
  it('keeps markdown as text', () => {
    expect(parseSource('c.md', '# Hi').doc.data).toBe('# Hi');
  });
});

describe('formatProblem', () => {
  it('prints file:line:column path: message', () => {
    expect(formatProblem({ file: 'schemas/routes.yaml', line: 12, column: 7, path: 'layouts.root.routes[3].screen', message: 'screen "foo" is not in schemas/screens/' }))
      .toBe('schemas/routes.yaml:12:7 layouts.root.routes[3].screen: screen "foo" is not in schemas/screens/');
    expect(formatProblem({ file: 'a.yaml', path: '', message: 'file is missing' })).toBe('a.yaml file is missing');
    expect(formatPath(['paths', '/Items/{id}', 'get', 'ui:help', 'brand', '50'])).toBe('paths["/Items/{id}"].get["ui:help"].brand.50');
  });
});

describe('loadProject + validateProject on the fixture', () => {
  it('loads every kind of file and finds no meta-schema problem', () => {
    const { project, problems } = loadProject(join(import.meta.dirname, '../fixtures/project'));
    expect(problems).toEqual([]);
    expect(Object.keys(project.schemas).sort()).toEqual(['app', 'errors', 'features', 'navigation', 'redirects', 'routes', 'site']);
    expect(Object.keys(project.collections.screens).sort()).toEqual(['home', 'item', 'not-found']);
    expect(project.collections.content.help.format).toBe('text');
    expect(Object.keys(project.flows)).toEqual(['demo', 'session']);
    expect(Object.keys(project.themes)).toEqual(['default']);
    expect(Object.keys(project.openapi)).toEqual(['items']);
    expect(validateProject(project)).toEqual([]);
  });
});
