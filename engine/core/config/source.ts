// Parses one configuration file, keeping positions so that problems can name a line and column.
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node } from 'yaml';
import type { PathSegment, Problem } from './problem.ts';

export interface Location {
  line: number;
  column: number;
}

export interface SourceDoc {
  /** Relative to the project root, with forward slashes. */
  file: string;
  format: 'yaml' | 'json' | 'text';
  text: string;
  /** The parsed value (the text itself for `text`); undefined when the file does not parse. */
  data: unknown;
  /** Where a path inside the document starts (the deepest existing node on the way). */
  locate(path: readonly PathSegment[]): Location | undefined;
}

export function parseSource(file: string, text: string): { doc: SourceDoc; problems: Problem[] } {
  const format = file.endsWith('.json') ? 'json' : /\.ya?ml$/.test(file) ? 'yaml' : 'text';
  if (format === 'text') return { doc: { file, format, text, data: text, locate: () => undefined }, problems: [] };

  const lineCounter = new LineCounter();
  const parsed = parseDocument(text, { lineCounter });
  const locate = (path: readonly PathSegment[]): Location | undefined => {
    const offset = findOffset(parsed.contents as Node | null, path);
    if (offset === undefined) return undefined;
    const pos = lineCounter.linePos(offset);
    return { line: pos.line, column: pos.col };
  };
  const doc: SourceDoc = { file, format, text, data: undefined, locate };
  const problems: Problem[] = [];

  if (format === 'json') {
    // YAML accepts some invalid JSON (trailing commas, comments): JSON.parse is the judge.
    try {
      doc.data = JSON.parse(text);
    } catch (e) {
      problems.push(jsonProblem(file, text, (e as Error).message));
      return { doc, problems };
    }
    // JSON.parse keeps the last of two equal keys without a word: the first text is lost.
    for (const err of parsed.errors) {
      if (err.code !== 'DUPLICATE_KEY') continue;
      const pos = err.linePos?.[0];
      problems.push({ file, line: pos?.line, column: pos?.col, path: '', message: 'a key written twice in one object: the later value replaces the earlier one (rename or remove one)' });
    }
    return { doc, problems };
  }
  for (const err of parsed.errors) {
    const pos = err.linePos?.[0];
    problems.push({ file, line: pos?.line, column: pos?.col, path: '', message: `YAML syntax error: ${firstLine(err.message)}` });
  }
  if (problems.length === 0) doc.data = parsed.toJS({ maxAliasCount: 1000 });
  return { doc, problems };
}

function findOffset(node: Node | null, path: readonly PathSegment[]): number | undefined {
  let current: Node | null = node;
  let offset = current?.range?.[0];
  for (const [index, seg] of path.entries()) {
    let next: unknown;
    if (isMap(current)) {
      const pair = current.items.find((p) => (isScalar(p.key) ? String(p.key.value) : String(p.key)) === String(seg));
      if (!pair) break;
      // A path ending at a list or map: its key's line (a block value starts on the next line).
      const last = index === path.length - 1 && (isMap(pair.value) || isSeq(pair.value));
      next = last ? pair.key ?? pair.value : pair.value ?? pair.key;
    } else if (isSeq(current) && typeof seg === 'number') {
      next = current.items[seg];
    } else {
      break;
    }
    if (!next || typeof next !== 'object' || !('range' in next)) break;
    current = next as Node;
    offset = current.range?.[0] ?? offset;
  }
  return offset;
}

function firstLine(message: string): string {
  return message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
}

function jsonProblem(file: string, text: string, message: string): Problem {
  const lc = /\(line (\d+) column (\d+)\)/.exec(message);
  const pos = /at position (\d+)/.exec(message);
  let line: number | undefined;
  let column: number | undefined;
  if (lc) {
    line = Number(lc[1]);
    column = Number(lc[2]);
  } else if (pos) {
    const before = text.slice(0, Number(pos[1])).split('\n');
    line = before.length;
    column = before[before.length - 1].length + 1;
  } else if (/end of JSON input/.test(message)) {
    const lines = text.split('\n');
    line = lines.length;
    column = lines[lines.length - 1].length + 1;
  }
  const reason = message.replace(/ in JSON at position \d+.*$/, '').replace(/^JSON\.parse: /, '');
  return { file, line, column, path: '', message: `JSON syntax error: ${reason}` };
}
