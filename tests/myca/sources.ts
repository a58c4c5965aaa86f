// The passages a golden cite names, read from the demo material itself (no database): a document's
// page, a FAQ or help entry, a calendar event; with who may read each.
import { readFileSync } from 'node:fs';
import type { DocumentPermission } from '../../server/authz/document-access.ts';
import { EVENTS } from '../../server/demo/calendar-events.ts';
import { LIBRARY_MATERIAL, pageText } from '../../server/demo/myca-material.ts';
import type { Cite } from './golden.ts';

export interface Passage {
  /** What the answer would quote from: a page with its title, an entry with its heading, an event's title, description and place. */
  text: string;
  readableBy: DocumentPermission;
}

/** The `## ` sections of a content page, by heading. */
function sections(file: string): Map<string, string> {
  const markdown = readFileSync(new URL(`../../schemas/content/${file}`, import.meta.url), 'utf8');
  const found = new Map<string, string>();
  for (const part of markdown.split(/^## /m).slice(1)) {
    const [heading, ...body] = part.split('\n');
    found.set(heading.trim(), `${heading.trim()}\n${body.join('\n').trim()}`);
  }
  return found;
}

export const FAQ = sections('faq.md');
export const HELP = sections('help.md');

const eventText = (e: (typeof EVENTS)[number]) => [e.title, e.description, e.location].filter(Boolean).join('\n');

/** The passages a cite names (a calendar title may name several events); [] when it names nothing. */
export function passagesOf(cite: Cite): Passage[] {
  switch (cite.kind) {
    case 'document': {
      const doc = LIBRARY_MATERIAL.find((d) => d.name === cite.name);
      const text = doc && pageText(doc, cite.page);
      return doc && text !== undefined ? [{ text, readableBy: doc.permission }] : [];
    }
    case 'faq':
    case 'help': {
      const text = (cite.kind === 'faq' ? FAQ : HELP).get(cite.entry);
      return text === undefined ? [] : [{ text, readableBy: 'everyone' }];
    }
    case 'calendar':
      return EVENTS.filter((e) => e.title === cite.title).map((e) => ({ text: eventText(e), readableBy: e.visibility }));
  }
}

/** Everything a homeowner of Maple Grove may read: every page below board level, the FAQ, help and every event. */
export function homeownerMaterial(): string[] {
  return [
    ...LIBRARY_MATERIAL.filter((d) => d.permission !== 'board').flatMap((d) => d.pages.map((_, i) => pageText(d, i + 1) ?? '')),
    ...FAQ.values(),
    ...HELP.values(),
    ...EVENTS.map(eventText),
  ];
}
