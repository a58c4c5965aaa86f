// The demo document library at Maple Grove (docs/server.md, "Document library"): public,
// owners-only and board-only folders, with PDFs made here with pdfkit, a PNG and a text file. The
// first files' texts are in library-texts.ts; the multi-page PDFs MyCA answers from
// (myca-material.ts) follow them, one PDF page per page of the material.
import type { Queryable } from '../db/index.ts';
import type { DocumentPermission } from '../authz/document-access.ts';
import { TEXT_TYPE } from '../documents/content-type.ts';
import { writeChunks } from '../documents/store.ts';
import { indexDocumentPassages } from '../myca/passages.ts';
import { BUDGET, MINUTES, POOL_HOURS, RULES } from './library-texts.ts';
import { MYCA_DOCUMENTS, paragraphsOf, type PagedDocument } from './myca-material.ts';
import { pagedPdf } from './paged-pdf.ts';

/** A 1x1 PNG (a single green pixel). */
export const PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** A small PDF: the title, then each paragraph. */
export function pdf(title: string, paragraphs: string[], author = 'Maple Grove HOA'): Promise<Buffer> {
  return pagedPdf(title, [paragraphs], author);
}

interface DemoFile {
  name: string;
  contentType: string;
  daysAgo: number;
  bytes: () => Promise<Buffer>;
  /** The text the search indexes (what the PDF or text file says). */
  text: string;
  /** What each page says, as MyCA's passages quote it (a text file is one page without a number). */
  pages?: string[];
}

/** A PDF made by pdf(): its one page, the title first. */
const onePage = (title: string, paragraphs: string[]) => [[title, ...paragraphs].join('\n')];

const LIBRARY: { name: string; permission: DocumentPermission; files: DemoFile[]; folders?: { name: string; permission: DocumentPermission; files: DemoFile[] }[] }[] = [
  {
    name: 'Governing Documents',
    permission: 'everyone',
    files: [
      { name: 'Community Rules and Regulations.pdf', contentType: 'application/pdf', daysAgo: 120, bytes: () => pdf('Community Rules and Regulations', RULES), text: RULES.join('\n'), pages: onePage('Community Rules and Regulations', RULES) },
      { name: 'Pool Hours.txt', contentType: TEXT_TYPE, daysAgo: 40, bytes: async () => Buffer.from(POOL_HOURS, 'utf8'), text: POOL_HOURS },
    ],
  },
  {
    name: 'Community Photos',
    permission: 'everyone',
    files: [{ name: 'Entrance Sign.png', contentType: 'image/png', daysAgo: 60, bytes: async () => PIXEL_PNG, text: '' }],
  },
  {
    name: 'Financials',
    permission: 'owners',
    files: [{ name: 'Annual Budget 2026.pdf', contentType: 'application/pdf', daysAgo: 30, bytes: () => pdf('Annual Budget 2026', BUDGET), text: BUDGET.join('\n'), pages: onePage('Annual Budget 2026', BUDGET) }],
    folders: [{ name: 'Reserve Studies', permission: 'owners', files: [] }],
  },
  {
    name: 'Board Only',
    permission: 'board',
    files: [
      {
        name: 'Board Minutes — Executive Session.pdf',
        contentType: 'application/pdf',
        daysAgo: 14,
        bytes: () => pdf('Board Minutes — Executive Session', MINUTES),
        text: MINUTES.join('\n'),
        pages: onePage('Board Minutes — Executive Session', MINUTES),
      },
    ],
  },
];

/** A page of the material per PDF page; the search indexes the same words, a line per paragraph. */
function materialFile(doc: PagedDocument): DemoFile {
  const pages = doc.pages.map(paragraphsOf);
  return {
    name: doc.name, contentType: 'application/pdf', daysAgo: doc.daysAgo, bytes: () => pagedPdf(doc.title, pages), text: pages.flat().join('\n'),
    pages: pages.map((paragraphs, i) => (i === 0 ? [doc.title, ...paragraphs] : paragraphs).join('\n')),
  };
}

export async function seedDemoDocuments(tx: Queryable, now: Date): Promise<void> {
  const { rows } = await tx.query<{ association_id: number; user_id: number }>(
    `SELECT a.id AS association_id, u.id AS user_id FROM associations a, users u WHERE a.code = 'maplegrove' AND u.email = 'board@example.com'`,
  );
  if (!rows[0]) return;
  const { association_id: associationId, user_id: boardUserId } = rows[0];
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * 24 * 3600 * 1000);
  const addFolder = async (name: string, permission: DocumentPermission, parentId: number | null) =>
    (
      await tx.query<{ id: number }>(
        'INSERT INTO document_folders (association_id, parent_id, name, permission, created_at, created_by) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
        [associationId, parentId, name, permission, at(200), boardUserId],
      )
    ).rows[0].id;
  const addFiles = async (folderId: number, files: DemoFile[]) => {
    for (const file of files) {
      const bytes = await file.bytes();
      const { rows: inserted } = await tx.query<{ id: number }>(
        `INSERT INTO documents (association_id, folder_id, name, content_type, size_bytes, uploaded_at, uploaded_by, body_text)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
        [associationId, folderId, file.name, file.contentType, bytes.length, at(file.daysAgo), boardUserId, file.text],
      );
      await writeChunks(tx, inserted[0].id, bytes);
      // MyCA's passages from the same words, so that no PDF is read again at start (backfill.ts).
      if (file.pages) await indexDocumentPassages(tx, inserted[0].id, file.pages, file.contentType === 'application/pdf');
      else if (file.contentType === TEXT_TYPE) await indexDocumentPassages(tx, inserted[0].id, [file.text], false);
    }
  };
  const topFolders = new Map<string, { id: number; permission: DocumentPermission }>();
  for (const folder of LIBRARY) {
    const folderId = await addFolder(folder.name, folder.permission, null);
    topFolders.set(folder.name, { id: folderId, permission: folder.permission });
    await addFiles(folderId, folder.files);
    for (const sub of folder.folders ?? []) await addFiles(await addFolder(sub.name, sub.permission, folderId), sub.files);
  }
  // After the first files, so their ids stay as they were. A folder the material names that does
  // not exist yet is made with the material's permission.
  for (const doc of MYCA_DOCUMENTS) {
    let folder = topFolders.get(doc.folder);
    if (!folder) {
      folder = { id: await addFolder(doc.folder, doc.permission, null), permission: doc.permission };
      topFolders.set(doc.folder, folder);
    }
    // The golden set's board-only questions depend on who may read each file: never seed it elsewhere.
    if (folder.permission !== doc.permission) throw new Error(`${doc.name}: the material says ${doc.permission}, folder "${doc.folder}" is ${folder.permission}`);
    await addFiles(folder.id, [materialFile(doc)]);
  }
}
