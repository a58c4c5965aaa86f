// The demo document library at Maple Grove (docs/server.md, "Document library"): public,
// owners-only and board-only folders, with small PDFs made here with pdfkit, a PNG and a text
// file. The board minutes hold the word "quorum-eucalyptus", found nowhere else, to show that a
// homeowner's search never finds what only the board may read.
import PDFDocument from 'pdfkit';
import type { Queryable } from '../db/index.ts';
import type { DocumentPermission } from '../authz/document-access.ts';
import { TEXT_TYPE } from '../documents/content-type.ts';
import { writeChunks } from '../documents/store.ts';

/** A 1x1 PNG (a single green pixel). */
export const PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** A small PDF: the title, then each paragraph. */
export function pdf(title: string, paragraphs: string[], author = 'Maple Grove HOA'): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', margin: 72, info: { Title: title, Author: author, CreationDate: new Date(Date.UTC(2026, 0, 5)) } });
  const chunks: Uint8Array[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Uint8Array) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica-Bold').fontSize(18).text(title).moveDown();
  doc.font('Helvetica').fontSize(11);
  for (const paragraph of paragraphs) doc.text(paragraph).moveDown(0.5);
  doc.end();
  return done;
}

interface DemoFile {
  name: string;
  contentType: string;
  daysAgo: number;
  bytes: () => Promise<Buffer>;
  /** The text the search indexes (what the PDF or text file says). */
  text: string;
}

const RULES = [
  'These rules apply to every resident and guest of Maple Grove HOA.',
  'Quiet hours are from 10 pm to 7 am. Trash bins go out after 6 pm the evening before collection and come back in by the next evening.',
  'Exterior changes such as fences, paint colors and sheds need an architectural request approved by the board before work begins.',
  'Pets are kept on a leash in common areas; owners pick up after them.',
];
const BUDGET = [
  'Operating budget for the fiscal year 2026, adopted by the board in November 2025.',
  'Assessments: $200.00 per lot per quarter. Landscaping $48,000; pool maintenance $21,500; insurance $18,200; reserve contribution $30,000.',
  'The reserve fund is projected to reach $212,000 at the end of 2026.',
];
const MINUTES = [
  'Executive session of the board, held after the regular meeting. Present: all five directors; a quorum-eucalyptus was declared at 8:05 pm.',
  'The board discussed a pending collection matter and a vendor contract renewal. No votes were taken.',
  'The session adjourned at 8:40 pm. These minutes are confidential to the board.',
];
const POOL_HOURS = 'Pool hours\n\nMemorial Day to Labor Day: 9 am to 9 pm every day.\nLifeguard on duty on weekends from noon to 6 pm.\nNo glass in the pool area.\n';

const LIBRARY: { name: string; permission: DocumentPermission; files: DemoFile[]; folders?: { name: string; permission: DocumentPermission; files: DemoFile[] }[] }[] = [
  {
    name: 'Governing Documents',
    permission: 'everyone',
    files: [
      { name: 'Community Rules and Regulations.pdf', contentType: 'application/pdf', daysAgo: 120, bytes: () => pdf('Community Rules and Regulations', RULES), text: RULES.join('\n') },
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
    files: [{ name: 'Annual Budget 2026.pdf', contentType: 'application/pdf', daysAgo: 30, bytes: () => pdf('Annual Budget 2026', BUDGET), text: BUDGET.join('\n') }],
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
      },
    ],
  },
];

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
    }
  };
  for (const folder of LIBRARY) {
    const folderId = await addFolder(folder.name, folder.permission, null);
    await addFiles(folderId, folder.files);
    for (const sub of folder.folders ?? []) await addFiles(await addFolder(sub.name, sub.permission, folderId), sub.files);
  }
}
