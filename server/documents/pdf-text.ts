// The text of an uploaded PDF or text file: whole for the full-text search, and page by page for
// the passages the assistant cites (server/myca/). A PDF whose text cannot be read (scanned,
// encrypted, damaged) is still stored and found by its name: its text is '' and it has no pages.
import { extractText, getDocumentProxy } from 'unpdf';
import { TEXT_TYPE } from './content-type.ts';

/** Enough for any real document; keeps the search column of a huge PDF within reason. */
const MAX_TEXT = 500_000;

// PostgreSQL text cannot hold NUL; other control characters only get in the way of the snippets.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

/** Whitespace collapsed with the line structure kept (as unpdf merges pages), control characters blanked. */
const cleaned = (text: string): string =>
  text
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .replace(CONTROL, ' ');

/** Pages kept whole until their text reaches MAX_TEXT; the page it runs over is cut there, later ones dropped. */
function withinLimit(pages: string[]): string[] {
  const kept: string[] = [];
  let room = MAX_TEXT;
  for (const page of pages) {
    if (room <= 0) break;
    kept.push(page.slice(0, room));
    room -= page.length + 1;
  }
  return kept;
}

export interface SearchableContent {
  /** The whole text, as the search indexes it. */
  text: string;
  /** The same text page by page (1-based page n is pages[n - 1]). */
  pages: string[];
}

const NOTHING: SearchableContent = { text: '', pages: [] };

/** One extraction gives both: a PDF is read once per upload. */
async function pdfContent(bytes: Buffer): Promise<SearchableContent> {
  try {
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    const { text: raw } = await extractText(pdf, { mergePages: false });
    return { text: cleaned(raw.join('\n')).slice(0, MAX_TEXT), pages: withinLimit(raw.map(cleaned)) };
  } catch {
    return NOTHING;
  }
}

/** What the search and the passages index besides the name: a PDF's text, a text file's content, nothing for images and Office files. */
export async function searchableContent(contentType: string, bytes: Buffer): Promise<SearchableContent> {
  if (contentType === 'application/pdf') return pdfContent(bytes);
  if (contentType === TEXT_TYPE) {
    const text = bytes.toString('utf8').slice(0, MAX_TEXT);
    return { text, pages: [text] };
  }
  return NOTHING;
}

export async function pdfText(bytes: Buffer): Promise<string> {
  return (await pdfContent(bytes)).text;
}

/** A PDF's text page by page; [] when it cannot be read. */
export async function pdfPages(bytes: Buffer): Promise<string[]> {
  return (await pdfContent(bytes)).pages;
}

export async function searchableText(contentType: string, bytes: Buffer): Promise<string> {
  return (await searchableContent(contentType, bytes)).text;
}

/** A PDF's pages, a text file as one page, none for other types. */
export async function searchablePages(contentType: string, bytes: Buffer): Promise<string[]> {
  return (await searchableContent(contentType, bytes)).pages;
}
