// Configuration fragments (engine/core/config/fragments.ts): `$fragment`/`$with` expanded at load time.
import { describe, expect, it } from 'vitest';
import { expandFragments, fragmentLibrary } from '../../engine/core/config/fragments.ts';
import { formatProblem } from '../../engine/core/config/problem.ts';
import { parseSource } from '../../engine/core/config/source.ts';

const DIR = 'schemas/fragments';

/** Expands `text` (as schemas/screens/page.yaml) with the given fragment files (name → YAML). */
function expand(text: string, fragments: Record<string, string>) {
  const docs = Object.entries(fragments).map(([name, yaml]) => parseSource(`${DIR}/${name}.yaml`, yaml).doc);
  const { library, problems: libraryProblems } = fragmentLibrary(DIR, docs);
  const { doc, problems, files } = expandFragments(parseSource('schemas/screens/page.yaml', text).doc, library);
  // As `npm run check` does: a mistake in a fragment file is reported once.
  return { data: doc.data, doc, problems: [...new Set([...libraryProblems, ...problems].map(formatProblem))], files };
}

const alert = [
  'params:',
  '  text: { description: the message key }',
  '  status: { description: how it looks, default: error }',
  'content: { widget: alert, status: $with.status, text: $with.text }',
  '',
].join('\n');

describe('fragments: expansion', () => {
  it('replaces a map holding only $fragment by the content, with parameters and defaults', () => {
    const { data, problems, files } = expand('children:\n  - { $fragment: alert, $with: { text: a.b } }\n  - { $fragment: alert, $with: { text: c.d, status: info } }\n', { alert });
    expect(problems).toEqual([]);
    expect(data).toEqual({ children: [{ widget: 'alert', status: 'error', text: 'a.b' }, { widget: 'alert', status: 'info', text: 'c.d' }] });
    expect(files).toEqual(['schemas/fragments/alert.yaml']);
  });

  it('substitutes whole values of any type and leaves runtime bindings alone', () => {
    const frag = 'params:\n  items: { description: list }\n  extra: { description: map }\ncontent: { widget: repeat, items: $with.items, values: $with.extra, when: $context.open, label: "$with.items and more" }\n';
    const { data, problems } = expand('$fragment: r\n$with: { items: [1, 2], extra: { a: { b: true } } }\n', { r: frag });
    expect(problems).toEqual([]);
    expect(data).toEqual({ widget: 'repeat', items: [1, 2], values: { a: { b: true } }, when: '$context.open', label: '$with.items and more' });
  });

  it('splices a list fragment into the list that includes it', () => {
    const pair = 'content:\n  - { widget: text, text: one }\n  - { widget: text, text: two }\n';
    const text = 'children:\n  - { widget: heading, text: h }\n  - $fragment: pair\n  - { widget: text, text: three }\n';
    const { data, problems, doc } = expand(text, { pair });
    expect(problems).toEqual([]);
    expect((data as { children: { text: string }[] }).children.map((c) => c.text)).toEqual(['h', 'one', 'two', 'three']);
    // The items after it are found where they are written.
    expect(doc.locate(['children', 3, 'text'])).toEqual(parseSource('page.yaml', text).doc.locate(['children', 2, 'text']));
    expect(doc.locate(['children', 2, 'text'])).toEqual({ line: 3, column: 5 });
  });

  it('merges a map fragment with the use site\'s own keys, which win, keeping their order', () => {
    const state = 'params:\n  retry: { description: where RETRY goes, default: loading }\ncontent:\n  failed: { on: { RETRY: $with.retry } }\n  idle: {}\n';
    const { data, problems } = expand('states:\n  loading: {}\n  $fragment: state\n  idle: { entry: x }\n  done: {}\n', { state });
    expect(problems).toEqual([]);
    expect(data).toEqual({ states: { loading: {}, failed: { on: { RETRY: 'loading' } }, idle: { entry: 'x' }, done: {} } });
    expect(Object.keys((data as { states: object }).states)).toEqual(['loading', 'failed', 'idle', 'done']);
  });

  it('merges a list of fragments in order, later over earlier', () => {
    const a = 'content: { x: 1, y: 1 }\n';
    const b = 'content: { y: 2, z: 2 }\n';
    expect(expand('$fragment: [a, b]\nz: 3\n', { a, b }).data).toEqual({ x: 1, y: 2, z: 3 });
    const l1 = 'content: [1]\n';
    const l2 = 'content: [2, 3]\n';
    expect(expand('items:\n  - 0\n  - $fragment: [l1, l2]\n', { l1, l2 }).data).toEqual({ items: [0, 1, 2, 3] });
  });

  it('expands fragments inside fragments, passing parameters on', () => {
    const button = 'params:\n  event: { description: the event }\ncontent: { widget: button, text: errors.tryAgain, event: $with.event }\n';
    const retry = [
      'params:',
      '  text: { description: alert }',
      '  event: { description: event, default: RETRY }',
      'content:',
      '  - { $fragment: alert, $with: { text: $with.text } }',
      '  - { $fragment: button, $with: { event: $with.event } }',
      '',
    ].join('\n');
    const { data, problems, files } = expand('children:\n  - { $fragment: retry, $with: { text: x.failed } }\n', { alert, button, retry });
    expect(problems).toEqual([]);
    expect(data).toEqual({ children: [{ widget: 'alert', status: 'error', text: 'x.failed' }, { widget: 'button', text: 'errors.tryAgain', event: 'RETRY' }] });
    expect(files).toEqual(['schemas/fragments/alert.yaml', 'schemas/fragments/button.yaml', 'schemas/fragments/retry.yaml']);
  });

  it('leaves documents without fragments as they are', () => {
    const text = 'widget: stack\nchildren:\n  - { widget: text, text: a.b, values: { n: 1 } }\n';
    expect(expand(text, { alert }).data).toEqual(parseSource('x.yaml', text).doc.data);
  });

  it('locates paths inside included content at the include, and the document\'s own paths as before', () => {
    const text = 'children:\n  - { widget: heading, text: h }\n  - $fragment: alert\n    $with: { text: a.b }\n  - { widget: text, text: t }\n';
    const { doc } = expand(text, { alert });
    expect(doc.locate(['children', 1, 'widget'])).toEqual({ line: 3, column: 5 });
    expect(doc.locate(['children', 1, 'text'])).toEqual({ line: 4, column: 20 });
    const plain = parseSource('page.yaml', text).doc;
    expect(doc.locate(['children', 2, 'text'])).toEqual(plain.locate(['children', 2, 'text']));
    expect(doc.locate(['children', 0, 'text'])).toEqual(plain.locate(['children', 0, 'text']));
  });

  it('locates a parameter\'s value where the use site writes it', () => {
    const text = 'children:\n  - $fragment: alert\n    $with:\n      text: a.b\n';
    expect(expand(text, { alert }).doc.locate(['children', 0, 'text'])).toEqual({ line: 4, column: 13 });
  });
});

describe('fragments: problems with file, line and path', () => {
  it('an unknown fragment', () => {
    expect(expand('children:\n  - { widget: x }\n  - $fragment: alrt\n', { alert }).problems)
      .toEqual(['schemas/screens/page.yaml:3:16 children[1].$fragment: unknown fragment "alrt" (fragments in schemas/fragments/: alert)']);
  });

  it('an unknown parameter', () => {
    expect(expand('$fragment: alert\n$with:\n  text: a.b\n  colour: red\n', { alert }).problems)
      .toEqual(['schemas/screens/page.yaml:4:11 $with.colour: unknown parameter "colour" of fragment "alert" (parameters: text, status)']);
  });

  it('a missing parameter, with its description', () => {
    expect(expand('a: 1\nb:\n  $fragment: alert\n', { alert }).problems)
      .toEqual(['schemas/screens/page.yaml:3:14 b.$fragment: fragment "alert" needs parameter "text" (the message key)']);
    expect(expand('b:\n  $fragment: alert\n  $with: { status: info }\n', { alert }).problems)
      .toEqual(['schemas/screens/page.yaml:3:3 b.$with: fragment "alert" needs parameter "text" (the message key)']);
  });

  it('a cycle, in the fragment file that closes it', () => {
    const a = 'content:\n  x:\n    $fragment: b\n';
    const b = 'content:\n  - $fragment: a\n';
    expect(expand('$fragment: a\n', { a, b }).problems)
      .toEqual(['schemas/fragments/b.yaml:2:16 content[0].$fragment: fragment "a" includes itself: a → b → a']);
  });

  it('a list fragment merged with other keys', () => {
    const pair = 'content: [1, 2]\n';
    expect(expand('items:\n  - $fragment: pair\n    widget: x\n', { pair }).problems)
      .toEqual(['schemas/screens/page.yaml:2:16 items[0].$fragment: fragment "pair" is a list, not a map, so it cannot be merged with this map\'s other keys (widget); a map including it holds only $fragment and $with']);
  });

  it('a parameter the fragment does not declare, and one it does not read', () => {
    const frag = 'params:\n  used: { description: u }\n  spare: { description: s }\ncontent: { a: $with.used, b: $with.other }\n';
    expect(expand('$fragment: f\n$with: { used: 1, spare: 2 }\n', { f: frag }).problems).toEqual([
      'schemas/fragments/f.yaml:4:30 content.b: fragment "f" has no parameter "other" (parameters: used, spare)',
      'schemas/fragments/f.yaml:3:3 params.spare: parameter "spare" is not read by the content (as $with.spare)',
    ]);
  });

  it('a parameter read outside a fragment, and a fragment file without content', () => {
    expect(expand('a: $with.text\n', { bad: 'params: {}\n' }).problems).toEqual([
      'schemas/fragments/bad.yaml:1:1 a fragment file is a map holding `content` (and `params` when the content reads any)',
      'schemas/screens/page.yaml:1:4 a: "$with.text" reads a parameter, which only a fragment\'s content can',
    ]);
  });
});
