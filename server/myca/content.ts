// The portal's own FAQ and help (schemas/content/faq.md, help.md) as passages of every association:
// one entry per `##` or `###` heading, the heading as its title. Read at every start and replaced
// only when it changed, so a new text is citable after the next deploy and an unchanged one costs
// one read.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db/index.ts';
import { splitPassages } from './passages.ts';

export type ContentKind = 'faq' | 'help';

const SOURCES: Record<ContentKind, string> = { faq: 'faq.md', help: 'help.md' };

export interface ContentPassage {
  kind: ContentKind;
  title: string;
  anchor: string;
  ordinal: number;
  body: string;
}

/** The anchor a heading gets on the rendered page ("Can I pay by phone?" → "can-i-pay-by-phone"). */
export const anchorOf = (heading: string): string =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .trim()
    .replace(/\s+/g, '-');

/** Markdown's marks taken off, the words kept: emphasis, code, links (their text), images (their alt text). */
const plain = (markdown: string): string =>
  markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__|\*|_|`)(?=\S)([^]*?\S)\1/g, '$2')
    .replace(/^\s*(?:[-*+]|\d+\.)\s+/gm, '')
    .replace(/^>\s?/gm, '');

/** The entries of one Markdown file: each `##`/`###` heading with what follows it up to the next one. */
export function contentEntries(kind: ContentKind, markdown: string): ContentPassage[] {
  const entries: ContentPassage[] = [];
  let title: string | null = null;
  let lines: string[] = [];
  const flush = () => {
    if (title === null) return;
    // Paragraphs stay apart; the lines of one paragraph are one block of text.
    const paragraphs = plain(lines.join('\n')).split(/\n\s*\n/).map((paragraph) => paragraph.replace(/\s*\n\s*/g, ' ').trim());
    const text = paragraphs.filter(Boolean).join('\n\n');
    for (const [ordinal, body] of splitPassages(text).entries()) entries.push({ kind, title, anchor: anchorOf(title), ordinal, body });
  };
  for (const line of markdown.split(/\r?\n/)) {
    const heading = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading && heading[1].length <= 3) {
      flush();
      // The page's own title (`#`) heads no entry: what follows it before the first `##` is an introduction.
      title = heading[1].length === 1 ? null : plain(heading[2]);
      lines = [];
    } else if (heading) {
      // A deeper heading stays in its entry as a paragraph of its own.
      lines.push('', plain(heading[2]), '');
    } else {
      lines.push(line);
    }
  }
  flush();
  return entries;
}

async function readEntries(schemasDir: string): Promise<ContentPassage[]> {
  const entries: ContentPassage[] = [];
  for (const [kind, file] of Object.entries(SOURCES) as [ContentKind, string][]) {
    // A schemas folder without the file has no such entries (a trimmed-down deployment, a test's folder).
    const markdown = await readFile(path.join(schemasDir, 'content', file), 'utf8').catch(() => '');
    entries.push(...contentEntries(kind, markdown));
  }
  return entries;
}

/** Whether two lists hold the same entries, whatever their order. */
function sameEntries(a: ContentPassage[], b: ContentPassage[]): boolean {
  const key = (e: ContentPassage) => JSON.stringify([e.kind, e.title, e.anchor, e.ordinal, e.body]);
  const [x, y] = [a.map(key).sort(), b.map(key).sort()];
  return x.length === y.length && x.every((k, i) => k === y[i]);
}

/**
 * Replaces the FAQ and help passages with those of `<schemasDir>/content/`; whether anything
 * changed. Instances starting together take turns (an advisory lock), so the entries are never
 * written twice.
 */
export async function indexContentPassages(db: Db, schemasDir: string): Promise<boolean> {
  const entries = await readEntries(schemasDir);
  return db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('myca_content'))`);
    const { rows } = await tx.query<ContentPassage>(
      `SELECT kind, title, anchor, ordinal, body FROM myca_passages
        WHERE kind IN ('faq', 'help') AND association_id IS NULL`,
    );
    if (sameEntries(rows, entries)) return false;
    await tx.query(`DELETE FROM myca_passages WHERE kind IN ('faq', 'help') AND association_id IS NULL`);
    if (entries.length > 0) {
      await tx.query(
        `INSERT INTO myca_passages (kind, title, anchor, ordinal, body)
         SELECT kind, title, anchor, ordinal, body FROM unnest($1::text[], $2::text[], $3::text[], $4::integer[], $5::text[]) AS e (kind, title, anchor, ordinal, body)`,
        [entries.map((e) => e.kind), entries.map((e) => e.title), entries.map((e) => e.anchor), entries.map((e) => e.ordinal), entries.map((e) => e.body)],
      );
    }
    return true;
  });
}
