// The text of an uploaded PDF or text file, for the full-text search. A PDF whose text cannot be
// read (scanned, encrypted, damaged) is still stored and found by its name: its text is ''.
import { extractText, getDocumentProxy } from 'unpdf';
import { TEXT_TYPE } from './content-type.ts';

/** Enough for any real document; keeps the search column of a huge PDF within reason. */
const MAX_TEXT = 500_000;

export async function pdfText(bytes: Buffer): Promise<string> {
  try {
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    const { text } = await extractText(pdf, { mergePages: true });
    // PostgreSQL text cannot hold NUL; other control characters only get in the way of the snippets.
    // eslint-disable-next-line no-control-regex
    return text.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, ' ').slice(0, MAX_TEXT);
  } catch {
    return '';
  }
}

/** What the search indexes besides the name: a PDF's text, a text file's content, nothing for images and Office files. */
export async function searchableText(contentType: string, bytes: Buffer): Promise<string> {
  if (contentType === 'application/pdf') return pdfText(bytes);
  if (contentType === TEXT_TYPE) return bytes.toString('utf8').slice(0, MAX_TEXT);
  return '';
}
