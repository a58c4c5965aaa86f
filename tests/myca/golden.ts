// Reads tests/myca/golden.yaml (its header explains the format) into typed entries, refusing any
// entry that does not follow the format, so whatever scores MyCA against the set can trust its shape.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

export type Cite =
  | { kind: 'document'; name: string; page: number }
  | { kind: 'faq'; entry: string }
  | { kind: 'help'; entry: string }
  | { kind: 'calendar'; title: string };

export interface GoldenQuestion {
  id: string;
  question: string;
  asker: 'homeowner' | 'board';
  /** Earlier questions of the conversation, oldest first. */
  followUp: string[];
  /** Any one of them is a right citation; empty for an unanswerable question. */
  cite: Cite[];
  facts: string[];
  unanswerable: boolean;
  boardOnly: boolean;
  note?: string;
}

export const GOLDEN_PATH = new URL('./golden.yaml', import.meta.url);

const KEYS = new Set(['id', 'question', 'asker', 'followUp', 'cite', 'facts', 'unanswerable', 'boardOnly', 'note']);
const CITE_KEYS: Record<Cite['kind'], string[]> = { document: ['name', 'page'], faq: ['entry'], help: ['entry'], calendar: ['title'] };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

function texts(value: unknown, where: string): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || !value.every(isText)) throw new Error(`${where}: expected a list of non-empty strings`);
  return value;
}

function citeOf(value: unknown, where: string): Cite {
  if (!isRecord(value) || typeof value.kind !== 'string' || !(value.kind in CITE_KEYS)) throw new Error(`${where}: a cite needs kind document, faq, help or calendar`);
  const kind = value.kind as Cite['kind'];
  const extra = Object.keys(value).filter((key) => key !== 'kind' && !CITE_KEYS[kind].includes(key));
  if (extra.length > 0) throw new Error(`${where}: unknown key ${extra.join(', ')} in a ${kind} cite`);
  if (kind === 'document') {
    if (!isText(value.name) || !Number.isInteger(value.page) || (value.page as number) < 1) throw new Error(`${where}: a document cite needs a name and a page from 1`);
    return { kind, name: value.name, page: value.page as number };
  }
  if (kind === 'calendar') {
    if (!isText(value.title)) throw new Error(`${where}: a calendar cite needs a title`);
    return { kind, title: value.title };
  }
  if (!isText(value.entry)) throw new Error(`${where}: a ${kind} cite needs an entry`);
  return { kind, entry: value.entry };
}

function entryOf(value: unknown, index: number): GoldenQuestion {
  const where = `entry ${index + 1}`;
  if (!isRecord(value)) throw new Error(`${where}: expected a mapping`);
  const unknown = Object.keys(value).filter((key) => !KEYS.has(key));
  if (unknown.length > 0) throw new Error(`${where}: unknown key ${unknown.join(', ')}`);
  if (!isText(value.id) || !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(value.id)) throw new Error(`${where}: id must be kebab-case`);
  const at = `${where} (${value.id})`;
  if (!isText(value.question)) throw new Error(`${at}: question is required`);
  const asker = value.asker ?? 'homeowner';
  if (asker !== 'homeowner' && asker !== 'board') throw new Error(`${at}: asker is homeowner or board`);
  for (const flag of ['unanswerable', 'boardOnly'] as const) {
    if (value[flag] !== undefined && typeof value[flag] !== 'boolean') throw new Error(`${at}: ${flag} is true or false`);
  }
  if (value.note !== undefined && !isText(value.note)) throw new Error(`${at}: note must be text`);
  const cites = value.cite === undefined ? [] : Array.isArray(value.cite) ? value.cite : [value.cite];
  return {
    id: value.id,
    question: value.question,
    asker,
    followUp: texts(value.followUp, `${at} followUp`),
    cite: cites.map((cite, n) => citeOf(cite, `${at} cite ${n + 1}`)),
    facts: texts(value.facts, `${at} facts`),
    unanswerable: value.unanswerable === true,
    boardOnly: value.boardOnly === true,
    ...(value.note === undefined ? {} : { note: value.note as string }),
  };
}

export function parseGolden(source: string): GoldenQuestion[] {
  const document: unknown = parse(source);
  if (!Array.isArray(document)) throw new Error('the golden set is a list of entries');
  return document.map(entryOf);
}

export function loadGolden(): GoldenQuestion[] {
  return parseGolden(readFileSync(GOLDEN_PATH, 'utf8'));
}
