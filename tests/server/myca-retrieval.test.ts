// MyCA's retrieval core (server/myca/): documents read page by page, passages indexed with the upload
// and gone with a delete or a move into a folder the asker may not read, the FAQ and help, calendar
// events as the calendar shows them, the extractive answer, and speed. Above all, the leak test: a
// board-only passage that is the best match for a question never reaches a homeowner or the public.
// On PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import PDFDocument from 'pdfkit';
import type { FastifyInstance } from 'fastify';
import { BACKENDS, DEMO, call, createTestClock, signIn, testApp, useTestDatabase } from './helpers.ts';
import { DOCS, SAMPLES, upload } from './documents-helpers.ts';
import { associationId } from './billing-helpers.ts';
import { pdfPages, searchablePages, searchableText } from '../../server/documents/pdf-text.ts';
import { TEXT_TYPE } from '../../server/documents/content-type.ts';
import { readChunks } from '../../server/documents/store.ts';
import type { DocumentPermission } from '../../server/authz/document-access.ts';
import { retrievePassages, type RetrievedPassage } from '../../server/myca/retrieve.ts';
import { extractiveAnswer } from '../../server/myca/extractive.ts';
import { indexDocumentPassages } from '../../server/myca/passages.ts';
import { indexContentPassages } from '../../server/myca/content.ts';
import { backfillDocumentPassages } from '../../server/myca/backfill.ts';
import { repoRoot } from '../../server/app.ts';
import path from 'node:path';

const HOMEOWNER: DocumentPermission[] = ['everyone', 'owners'];
const BOARD: DocumentPermission[] = ['everyone', 'owners', 'board'];
const PUBLIC: DocumentPermission[] = ['everyone'];

/** A PDF with one page per entry. */
function pagedPdf(pages: string[]): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', margin: 72 });
  const chunks: Uint8Array[] = [];
  return new Promise((resolve, reject) => {
    doc.on('data', (chunk: Uint8Array) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.font('Helvetica').fontSize(12);
    pages.forEach((text, i) => {
      if (i > 0) doc.addPage();
      doc.text(text);
    });
    doc.end();
  });
}

const GAZEBO_PAGES = [
  'Gazebo project overview. The association plans a new gazebo near the north pond for shade and small gatherings.',
  'Gazebo construction schedule. The gazebo contractor Brightbeam Carpentry starts work on the cedar gazebo frame in April and finishes by June.',
  'Gazebo rules. Residents may use the gazebo from dawn to dusk; reservations are not needed.',
];

describe('per-page text', () => {
  it('reads a three-page PDF page by page, and the whole text as the search always did', async () => {
    const bytes = await pagedPdf(GAZEBO_PAGES);
    const pages = await pdfPages(bytes);
    expect(pages).toHaveLength(3);
    pages.forEach((page, i) => expect(page.replace(/\s+/g, ' ').trim()).toBe(GAZEBO_PAGES[i]));
    expect(await searchablePages('application/pdf', bytes)).toEqual(pages);
    // The merged text is unpdf's merge of the same pages: pages joined by a line break.
    expect(await searchableText('application/pdf', bytes)).toBe(pages.join('\n'));
    expect(await searchablePages(TEXT_TYPE, SAMPLES.txt)).toEqual([SAMPLES.txt.toString('utf8')]);
    expect(await searchablePages('image/png', SAMPLES.png)).toEqual([]);
    expect(await pdfPages(Buffer.from('%PDF-1.4 not really'))).toEqual([]);
  });
});

describe.each(BACKENDS)('MyCA retrieval on %s', (kind) => {
  const database = useTestDatabase(kind);
  const clock = createTestClock();
  let app: FastifyInstance;
  let maple: number;
  let board: string;
  const db = () => database.current.db;
  const folderId = async (name: string) => Number((await db().query<{ id: number }>('SELECT id FROM document_folders WHERE name = $1', [name])).rows[0].id);
  const documentId = async (name: string) => Number((await db().query<{ id: number }>('SELECT id FROM documents WHERE name = $1', [name])).rows[0].id);
  const ask = (question: string, permissions: DocumentPermission[], extra: { context?: string[]; limit?: number } = {}) =>
    retrievePassages(db(), { associationId: maple, permissions, question, now: clock.now(), ...extra });
  const documentsOf = (passages: RetrievedPassage[]) => passages.map((p) => p.documentId).filter((id) => id !== null);
  /** The folder permission of each document passage, read now. */
  const permissionsOf = async (passages: RetrievedPassage[]) => {
    const ids = documentsOf(passages);
    const { rows } = await db().query<{ permission: string }>(
      'SELECT f.permission FROM documents d JOIN document_folders f ON f.id = d.folder_id WHERE d.id = ANY($1::integer[])',
      [ids],
    );
    return new Set(rows.map((r) => r.permission));
  };
  const uploadFile = async (folder: string, filename: string, bytes: Buffer) => {
    const res = await upload(app, maple, board, { parentId: String(await folderId(folder)) }, { filename, bytes });
    expect(res.status, res.body).toBe(201);
    return Number(res.json.document.id);
  };

  beforeAll(async () => {
    app = await testApp(db(), { clock: clock.now });
    maple = await associationId(db(), 'maplegrove');
    board = (await signIn(app, DEMO.board)).token;
  });
  afterAll(async () => {
    await app?.close();
  });

  it('gives the demo documents their passages at the seed, and backfills a document that has none', async () => {
    const rules = await documentId('Community Rules and Regulations.pdf');
    const { rows } = await db().query<{ page: number; body: string }>('SELECT page, body FROM myca_passages WHERE document_id = $1 ORDER BY ordinal', [rules]);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0].page).toBe(1);
    // Stored before passages existed: the backfill reads its bytes again, page by page, once.
    await db().query('DELETE FROM myca_passages WHERE document_id = $1', [rules]);
    expect(await backfillDocumentPassages(db(), (id) => readChunks(db(), id))).toBe(1);
    // The same words on the same page (the seed writes them from the material, the backfill reads
    // them from the PDF, whose lines break elsewhere).
    const words = (found: { page: number; body: string }[]) => found.map((row) => ({ page: row.page, body: row.body.split(/\s+/).join(' ') }));
    const again = (await db().query<{ page: number; body: string }>('SELECT page, body FROM myca_passages WHERE document_id = $1 ORDER BY ordinal', [rules])).rows;
    expect(words(again)).toEqual(words(rows));
    expect(await backfillDocumentPassages(db(), (id) => readChunks(db(), id))).toBe(0);
    // The image has no text and no passages, and is never read again.
    expect(Number((await db().query<{ n: number }>('SELECT count(*)::integer AS n FROM myca_passages WHERE document_id = $1', [await documentId('Entrance Sign.png')])).rows[0].n)).toBe(0);
  });

  it('finds a new upload at once, on its page', async () => {
    const id = await uploadFile('Governing Documents', 'Gazebo Plan.pdf', await pagedPdf(GAZEBO_PAGES));
    const found = await ask('Which contractor builds the cedar gazebo frame?', PUBLIC);
    expect(found[0]).toMatchObject({ kind: 'document', documentId: id, documentName: 'Gazebo Plan.pdf', page: 2, title: null });
    expect(found[0].body).toContain('Brightbeam Carpentry');
    expect(found[0].rank).toBeGreaterThan(0);
    // Ranked: the page about the contractor before the pages that only name the gazebo.
    expect(found.filter((p) => p.documentId === id).map((p) => p.page)).toEqual([2, 1, 3]);
    // A text file is one unpaged passage set.
    const notes = await uploadFile('Governing Documents', 'Snowplow Notes.txt', Buffer.from('The snowplow from Frostline clears every street before 7 am after a snowfall.\n'));
    expect((await ask('When does the snowplow come?', PUBLIC))[0]).toMatchObject({ documentId: notes, page: null });
  });

  it('copies the passages of a duplicate, and forgets those of a deleted document at once', async () => {
    const original = await documentId('Gazebo Plan.pdf');
    const copy = await call(app, 'POST', `${DOCS}/${maple}/Documents/${original}`, { token: board });
    expect(copy.status, copy.body).toBe(201);
    const question = 'Brightbeam Carpentry gazebo schedule';
    // The page naming the contractor, in the original and in the copy, first.
    expect(new Set(documentsOf((await ask(question, PUBLIC)).slice(0, 2)))).toEqual(new Set([original, copy.json.document.id]));
    for (const id of [original, copy.json.document.id]) {
      expect((await call(app, 'DELETE', `${DOCS}/${maple}/Documents/${id}`, { token: board })).status).toBe(204);
    }
    const left = documentsOf(await ask(question, BOARD, { limit: 50 }));
    expect(left).not.toContain(original);
    expect(left).not.toContain(copy.json.document.id);
    expect(Number((await db().query<{ n: number }>('SELECT count(*)::integer AS n FROM myca_passages WHERE document_id = ANY($1::integer[])', [[original, copy.json.document.id]])).rows[0].n)).toBe(0);
  });

  it('stops citing a document to owners as soon as it is moved into a board-only folder', async () => {
    const id = await uploadFile('Financials', 'Roof Reserve Memo.txt', Buffer.from('The roof reserve study by Halvorsen Engineering recommends replacing the clubhouse roof in 2029.\n'));
    const question = 'When should the clubhouse roof be replaced?';
    expect(documentsOf(await ask(question, HOMEOWNER))).toContain(id);
    expect(documentsOf(await ask(question, PUBLIC))).not.toContain(id);
    const moved = await call(app, 'PATCH', `${DOCS}/${maple}/Documents/${id}`, { token: board, body: { folderId: await folderId('Board Only') } });
    expect(moved.status, moved.body).toBe(200);
    expect(documentsOf(await ask(question, HOMEOWNER))).not.toContain(id);
    expect(documentsOf(await ask(question, BOARD))).toContain(id);
  });

  it('never gives a homeowner or the public a board-only passage, even the best match (the leak test)', async () => {
    // Planted in the demo's board-only minutes: the perfect match for the question, word for word.
    const minutes = await documentId('Board Minutes — Executive Session.pdf');
    const secret = 'The board voted to settle the Pemberton collection lawsuit for 4,800 dollars in executive session.';
    await db().query(`INSERT INTO myca_passages (kind, document_id, page, ordinal, body) VALUES ('document', $1, 1, 99, $2)`, [minutes, secret]);
    // And an open document that shares some of its words, so the homeowner's answer is not empty.
    const open = await uploadFile('Governing Documents', 'Collections Policy.txt', Buffer.from('Accounts in collection are sent a reminder; the board may approve a payment plan.\n'));
    const questions = [
      secret,
      'Did the board settle the Pemberton collection lawsuit?',
      'How much was the Pemberton lawsuit settled for in executive session?',
      'pemberton',
    ];
    for (const question of questions) {
      for (const permissions of [HOMEOWNER, PUBLIC]) {
        const found = await ask(question, permissions, { limit: 50 });
        expect(documentsOf(found)).not.toContain(minutes);
        expect(found.map((p) => p.body).join('\n')).not.toMatch(/Pemberton|quorum-eucalyptus/);
        expect(await permissionsOf(found)).not.toContain('board');
      }
      // A follow-up carrying the secret's words in its context leaks nothing either.
      const followUp = await ask('And how much was it?', HOMEOWNER, { context: [question], limit: 50 });
      expect(documentsOf(followUp)).not.toContain(minutes);
    }
    const boardFound = await ask(questions[1], BOARD);
    expect(boardFound[0]).toMatchObject({ documentId: minutes, body: secret });
    expect(documentsOf(await ask(questions[1], HOMEOWNER))).toContain(open);
  });

  it('gives the public no owners passage and no owners-only event', async () => {
    const budget = await documentId('Annual Budget 2026.pdf');
    const question = 'What is the reserve fund contribution in the budget?';
    expect(documentsOf(await ask(question, HOMEOWNER))).toContain(budget);
    const publicFound = await ask(question, PUBLIC, { limit: 50 });
    expect(documentsOf(publicFound)).not.toContain(budget);
    expect([...(await permissionsOf(publicFound))].every((p) => p === 'everyone')).toBe(true);

    // Calendar events as the calendar shows them: owners-only ones to members only.
    const maintenance = 'When is the pool closed for maintenance?';
    const ownersEvents = (await ask(maintenance, HOMEOWNER, { limit: 50 })).filter((p) => p.kind === 'calendar');
    expect(ownersEvents[0]).toMatchObject({ kind: 'calendar', title: 'Pool maintenance: pool closed', documentId: null });
    expect(ownersEvents[0].body).toMatch(/^Pool maintenance: pool closed: \w+day, April 3, 2026 \(all day\)\. Location: Pool\.$/);
    const { rows: events } = await db().query<{ id: number; visibility: string }>('SELECT id, visibility FROM association_events');
    const visibility = new Map(events.map((e) => [`event-${e.id}`, e.visibility]));
    for (const question of [maintenance, 'When is the next board meeting?', 'community picnic', 'annual meeting']) {
      const found = await ask(question, PUBLIC, { limit: 50 });
      for (const event of found.filter((p) => p.kind === 'calendar')) expect(visibility.get(event.id)).toBe('everyone');
    }
    expect((await ask('When is the community picnic?', PUBLIC)).some((p) => p.kind === 'calendar' && p.title === 'Community picnic')).toBe(true);
  });

  it('answers from the FAQ and help for everyone, and indexes them once', async () => {
    const found = await ask('Is my password stored safely?', PUBLIC);
    expect(found[0]).toMatchObject({ kind: 'faq', title: 'Is my password stored safely?', anchor: 'is-my-password-stored-safely', documentId: null, page: null });
    expect((await ask('I forgot my login', PUBLIC)).some((p) => p.kind === 'help' && p.title === 'Forgot your login')).toBe(true);
    const before = (await db().query('SELECT id, kind, title, body FROM myca_passages WHERE document_id IS NULL ORDER BY id')).rows;
    expect(before.length).toBeGreaterThan(5);
    expect(await indexContentPassages(db(), path.join(repoRoot, 'schemas'))).toBe(false);
    expect((await db().query('SELECT id, kind, title, body FROM myca_passages WHERE document_id IS NULL ORDER BY id')).rows).toEqual(before);
  });

  it('weighs a follow-up with the earlier questions, and finds nothing for words it has never seen', async () => {
    const alone = await ask('And on weekends?', PUBLIC);
    const followUp = await ask('And on weekends?', PUBLIC, { context: ['When is a lifeguard on duty at the pool?'] });
    expect(followUp[0].body).toMatch(/lifeguard/i);
    expect(followUp[0].body).toMatch(/weekend|Saturdays/i);
    expect(alone.length).toBeGreaterThan(0);
    expect(await ask('xylophonic quuxification', BOARD)).toEqual([]);
    expect(await ask('what is it?', BOARD)).toEqual([]);
  });

  it('finds what owners ask in their own words, and an event still to come when a coming date is asked for', async () => {
    const friends = await ask('how many friends can I bring swimming?', HOMEOWNER);
    expect(friends[0]).toMatchObject({ kind: 'document', documentName: 'Pool and Amenities Rules.pdf', page: 2 });
    expect(friends[0].body).toMatch(/four guests/);
    // The minutes tell of a meeting held; the calendar of the next one.
    const next = await ask('when does the board meet next?', HOMEOWNER);
    expect(next[0]).toMatchObject({ kind: 'calendar', title: 'Board meeting' });
    const upcoming = await db().query<{ id: number }>(`SELECT id FROM association_events WHERE title = 'Board meeting' AND starts_at >= $1`, [clock.now()]);
    expect(upcoming.rows.map((row) => `event-${row.id}`)).toContain(next[0].id);
  });

  it('answers with sentences of the given passages only, and refuses what the material does not cover', async () => {
    const question = 'How much does a replacement key fob cost?';
    const passages = await ask(question, HOMEOWNER);
    const answer = extractiveAnswer(question, passages);
    expect(answer.refused).toBe(false);
    expect(answer.sentences.length).toBeGreaterThanOrEqual(1);
    expect(answer.sentences.length).toBeLessThanOrEqual(3);
    const byId = new Map(passages.map((p) => [p.id, p]));
    for (const sentence of answer.sentences) {
      expect(byId.has(sentence.passageId)).toBe(true);
      expect(byId.get(sentence.passageId)!.body.replace(/\s+/g, ' ')).toContain(sentence.text);
    }
    expect(answer.sentences.map((s) => s.text).join(' ')).toContain('$25');

    const unrelated = 'Who won the football championship last season?';
    expect(extractiveAnswer(unrelated, await ask(unrelated, BOARD))).toEqual({ refused: true, sentences: [] });
    expect(extractiveAnswer('What are the pool hours?', [])).toEqual({ refused: true, sentences: [] });
  });

  it('ranks the passages of 50 documents, the asked topic first (its time is the bench\'s myca.answer.p95)', async () => {
    const governing = await folderId('Governing Documents');
    const topics = ['parking', 'landscaping', 'trash', 'snow', 'fence', 'paint', 'roof', 'pets', 'noise', 'pool'];
    for (let i = 0; i < 50; i++) {
      const { rows } = await db().query<{ id: number }>(
        `INSERT INTO documents (association_id, folder_id, name, content_type, size_bytes, uploaded_at, body_text) VALUES ($1, $2, $3, 'application/pdf', 1, $4, 'x') RETURNING id`,
        [maple, governing, `Bulk ${i}.pdf`, clock.now()],
      );
      const topic = topics[i % topics.length];
      const page = (n: number) =>
        Array.from({ length: 40 }, (_, s) => `Section ${i}.${n}.${s} explains how the ${topic} rule applies to owners, tenants and guests of every lot in the community.`).join(' ');
      await indexDocumentPassages(db(), Number(rows[0].id), [page(1), page(2), page(3)]);
    }
    const { rows: counted } = await db().query<{ n: number }>('SELECT count(*)::integer AS n FROM myca_passages');
    expect(Number(counted[0].n)).toBeGreaterThan(50 * 6);
    const question = 'What does the parking rule say about guests and tenants?';
    const found = await ask(question, HOMEOWNER);
    expect(found).toHaveLength(8);
    expect(found.every((passage) => passage.body.includes('parking'))).toBe(true);
    expect(extractiveAnswer(question, found).refused).toBe(false);
  });
});
