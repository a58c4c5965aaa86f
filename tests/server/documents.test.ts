// The association document library through HTTP (openapi/associations.yaml, /associations/{id}/
// Directories and /Documents): who sees what (everyone, owners, board; 404 for what is hidden, by
// every route), management by the board and staff only (403 DOC003, nothing changed), uploads of
// every allowed type checked by content (disguises and oversized files refused, nothing written),
// names (409 DOC004), moves, cascading permissions, duplicates, deletes and search. On PGlite and
// PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { BACKENDS, DEMO, call, count, createTestClock, expectErrorShape, signIn, testApp, useTestDatabase } from './helpers.ts';
import { DOCS, SAMPLES, pdfWith, upload } from './documents-helpers.ts';
import { associationId } from './billing-helpers.ts';
import { configFromEnv } from '../../server/config.ts';
import { DEFAULT_MAX_UPLOAD_MB } from '../../server/uploads/multipart.ts';
import { fileTooLarge } from '../../server/documents/errors.ts';
import { copyName, nameFromFilename } from '../../server/documents/names.ts';

const TAKEN = 'This name already exists, please enter a different name.';

describe.each(BACKENDS)('document library on %s', (kind) => {
  const database = useTestDatabase(kind);
  const clock = createTestClock();
  let app: FastifyInstance;
  let maple: number;
  let demoville: number;
  const tokens: Record<'home' | 'paid' | 'board' | 'manager', string> = { home: '', paid: '', board: '', manager: '' };
  const db = () => database.current.db;

  const get = (path: string, token?: string) => call(app, 'GET', `${DOCS}${path}`, { token });
  const send = (method: 'POST' | 'PATCH' | 'DELETE', path: string, token: string | undefined, body?: unknown) => call(app, method, `${DOCS}${path}`, { token, body });
  const folderId = async (name: string) => Number((await db().query<{ id: number }>('SELECT id FROM document_folders WHERE name = $1', [name])).rows[0].id);
  const documentId = async (name: string) => Number((await db().query<{ id: number }>('SELECT id FROM documents WHERE name = $1', [name])).rows[0].id);
  const snapshot = async () => ({
    folders: (await db().query('SELECT id, name, parent_id, permission FROM document_folders ORDER BY id')).rows,
    documents: (await db().query('SELECT id, name, folder_id, content_type, size_bytes FROM documents ORDER BY id')).rows,
    chunks: await count(db(), 'document_chunks'),
  });

  beforeAll(async () => {
    app = await testApp(db(), { clock: clock.now, maxUploadMb: 1 });
    maple = await associationId(db(), 'maplegrove');
    demoville = await associationId(db(), 'demoville');
    tokens.home = (await signIn(app, DEMO.homeowner)).token;
    tokens.paid = (await signIn(app, DEMO.paid)).token;
    tokens.board = (await signIn(app, DEMO.board)).token;
    tokens.manager = (await signIn(app, DEMO.manager)).token;
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers who may manage and what each caller may read', async () => {
    expect((await get(`/${maple}/Documents/permissions?systemSecurity=boardDocManage`)).json).toEqual({ canManage: false, readLevel: 'everyone' });
    expect((await get(`/${maple}/Documents/permissions`, tokens.home)).json).toEqual({ canManage: false, readLevel: 'owners' });
    expect((await get(`/${maple}/Documents/permissions`, tokens.board)).json).toEqual({ canManage: true, readLevel: 'board' });
    expect((await get(`/${maple}/Documents/permissions`, tokens.manager)).json).toEqual({ canManage: true, readLevel: 'board' });
    expect((await get(`/${demoville}/Documents/permissions`, tokens.board)).json).toEqual({ canManage: false, readLevel: 'everyone' });
    expectErrorShape(await get('/999999/Documents/permissions'), 404, 'GP001');
  });

  it('shows each caller the folder tree they may read', async () => {
    const names = async (token?: string) => (await get(`/${maple}/Directories`, token)).json.folders.map((f: { name: string }) => f.name);
    expect(await names()).toEqual(['Community Photos', 'Governing Documents']);
    expect(await names(tokens.home)).toEqual(['Community Photos', 'Financials', 'Reserve Studies', 'Governing Documents', 'Meeting Minutes']);
    expect(await names(tokens.board)).toEqual(['Board Only', 'Community Photos', 'Financials', 'Reserve Studies', 'Governing Documents', 'Meeting Minutes']);
    const root = (await get(`/${maple}/Directories?parentId=0`, tokens.home)).json;
    expect(root.associationName).toBe('Maple Grove HOA');
    expect(root.folders.map((f: { name: string }) => f.name)).toEqual(['Community Photos', 'Financials', 'Governing Documents', 'Meeting Minutes']);
    const financials = await folderId('Financials');
    const one = (await get(`/${maple}/Directories?parentId=${financials}`, tokens.home)).json;
    expect(one.folders).toEqual([{ id: await folderId('Reserve Studies'), name: 'Reserve Studies', parentId: financials, permission: 'owners', documentCount: 0 }]);
    expect(one.documents.map((d: { name: string; permission: string }) => [d.name, d.permission])).toEqual([['Annual Budget 2026.pdf', 'owners']]);
    const folder = (await get(`/${maple}/Directories/${await folderId('Reserve Studies')}`, tokens.home)).json;
    expect(folder.breadcrumb.map((f: { name: string }) => f.name)).toEqual(['Financials', 'Reserve Studies']);
    expect(folder.canManage).toBe(false);
  });

  it('uploads every allowed type, read from the content, and downloads it back', async () => {
    const governing = await folderId('Governing Documents');
    const pdf = await pdfWith('Snow removal contract with Frostline Services for the winter season.');
    const cases: [string, Buffer, string][] = [
      ['contract.pdf', pdf, 'application/pdf'],
      ['map.png', SAMPLES.png, 'image/png'],
      ['photo.jpeg', SAMPLES.jpeg, 'image/jpeg'],
      ['anim.gif', SAMPLES.gif, 'image/gif'],
      ['pic.webp', SAMPLES.webp, 'image/webp'],
      ['letter.docx', SAMPLES.docx, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      ['sheet.xlsx', SAMPLES.xlsx, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      ['notes.txt', SAMPLES.txt, 'text/plain; charset=utf-8'],
      ['no extension', SAMPLES.png, 'image/png'],
    ];
    for (const [filename, bytes, type] of cases) {
      const res = await upload(app, maple, tokens.board, { parentId: String(governing) }, { filename, bytes });
      expect(res.status, res.body).toBe(201);
      expect(res.json.document).toMatchObject({ name: filename, folderId: governing, contentType: type, sizeBytes: bytes.length, permission: 'everyone' });
      const file = await app.inject({ method: 'GET', url: `${DOCS}/${maple}/Documents/${res.json.document.id}` });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(bytes)).toBe(true);
      expect(file.headers['content-type']).toBe(type);
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.headers['content-disposition']).toMatch(/^attachment; filename="/);
    }
    const id = await documentId('contract.pdf');
    const preview = await app.inject({ method: 'GET', url: `${DOCS}/${maple}/Documents/${id}?inline=true` });
    expect(preview.headers['content-disposition']).toBe(`inline; filename="contract.pdf"; filename*=UTF-8''contract.pdf`);
    const docx = await app.inject({ method: 'GET', url: `${DOCS}/${maple}/Documents/${await documentId('letter.docx')}?inline=true` });
    expect(docx.headers['content-disposition']).toMatch(/^attachment/);
    // The PDF's text is searchable.
    const found = (await get(`/${maple}/Documents/Search?q=frostline`)).json.results;
    expect(found.map((r: { document: { name: string } }) => r.document.name)).toEqual(['contract.pdf']);
    expect(found[0].folderPath).toEqual([{ id: governing, name: 'Governing Documents' }]);
    expect(found[0].snippet.filter((p: { highlight: boolean }) => p.highlight).map((p: { text: string }) => p.text)).toEqual(['Frostline']);
    // A named upload into a folder managed by staff.
    const named = await upload(app, maple, tokens.manager, { parentId: String(governing), name: 'Site plan' }, { filename: 'x.png', bytes: SAMPLES.png });
    expect(named.status, named.body).toBe(201);
    expect(named.json.document.name).toBe('Site plan');
  });

  it('refuses disguised, unknown, oversized and malformed uploads and writes nothing', async () => {
    const governing = String(await folderId('Governing Documents'));
    const before = await snapshot();
    const exe = await upload(app, maple, tokens.board, { parentId: governing }, { filename: 'minutes.pdf', bytes: SAMPLES.exe });
    expectErrorShape(exe, 415, 'DOC009');
    const textAsPng = await upload(app, maple, tokens.board, { parentId: governing }, { filename: 'photo.png', bytes: SAMPLES.txt });
    expectErrorShape(textAsPng, 415, 'DOC009');
    expect(textAsPng.json.detail).toContain('(.png)');
    const binary = await upload(app, maple, tokens.board, { parentId: governing }, { filename: 'data.bin', bytes: Buffer.from([0, 1, 2, 3, 0, 255]) });
    expectErrorShape(binary, 415, 'DOC009');
    const big = await upload(app, maple, tokens.board, { parentId: governing }, { filename: 'big.txt', bytes: Buffer.alloc(1024 * 1024 + 1, 'a') });
    expectErrorShape(big, 413, 'DOC008');
    expect(big.json.detail).toBe('The file is larger than the 1 MB limit.');
    expectErrorShape(await upload(app, maple, tokens.board, { parentId: governing }), 400, 'DOC010');
    expectErrorShape(await upload(app, maple, tokens.board, {}, { filename: 'a.txt', bytes: SAMPLES.txt }), 400, 'DOC011');
    expectErrorShape(await upload(app, maple, tokens.board, { parentId: '999999' }, { filename: 'a.txt', bytes: SAMPLES.txt }), 404, 'DOC002');
    expectErrorShape(await upload(app, maple, tokens.board, { parentId: governing }, { filename: 'Pool Hours.TXT', bytes: SAMPLES.txt }), 409, 'DOC004');
    const json = await call(app, 'POST', `${DOCS}/${maple}/Documents`, { token: tokens.board, body: { parentId: 1 } });
    expectErrorShape(json, 415);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a name already in the folder, whatever its case, with the exact message', async () => {
    const governing = await folderId('Governing Documents');
    const before = await snapshot();
    const doc = await send('PATCH', `/${maple}/Documents/${await documentId('Pool Hours.txt')}`, tokens.board, { name: 'community rules and regulations.PDF' });
    expectErrorShape(doc, 409, 'DOC004');
    expect(doc.json.detail).toBe(TAKEN);
    const folder = await send('PATCH', `/${maple}/Directories/${await folderId('Community Photos')}`, tokens.board, { name: 'FINANCIALS' });
    expectErrorShape(folder, 409, 'DOC004');
    expect(folder.json.detail).toBe(TAKEN);
    expectErrorShape(await send('POST', `/${maple}/Directories/0`, tokens.board, { name: 'governing documents' }), 409, 'DOC004');
    expectErrorShape(await send('POST', `/${maple}/Directories/${governing}`, tokens.board, { name: 'a/b' }), 400, 'DOC005');
    expectErrorShape(await send('POST', `/${maple}/Directories/${governing}`, tokens.board, { name: '   ' }), 400, 'DOC005');
    expectErrorShape(await send('POST', `/${maple}/Directories/${governing}`, tokens.board, { name: 'x'.repeat(121) }), 400, 'VAL001');
    expect(await snapshot()).toEqual(before);
    const renamed = await send('PATCH', `/${maple}/Documents/${await documentId('Pool Hours.txt')}`, tokens.board, { name: 'Pool Hours 2026.txt' });
    expect(renamed.status, renamed.body).toBe(200);
    expect(renamed.json.document.name).toBe('Pool Hours 2026.txt');
  });

  it('moves folders, never into themselves or their subfolders', async () => {
    const financials = await folderId('Financials');
    const reserve = await folderId('Reserve Studies');
    const before = await snapshot();
    expectErrorShape(await send('PATCH', `/${maple}/Directories/${financials}`, tokens.board, { parentId: reserve }), 400, 'DOC006');
    expectErrorShape(await send('PATCH', `/${maple}/Directories/${financials}`, tokens.board, { parentId: financials }), 400, 'DOC006');
    expect(await snapshot()).toEqual(before);
    const made = await send('POST', `/${maple}/Directories/${reserve}`, tokens.board, { name: '2025' });
    expect(made.status, made.body).toBe(201);
    const moved = await send('PATCH', `/${maple}/Directories/${made.json.folder.id}`, tokens.board, { parentId: 0 });
    expect(moved.json.folder).toMatchObject({ name: '2025', parentId: 0, permission: 'owners' });
    expect((await send('DELETE', `/${maple}/Directories/${made.json.folder.id}`, tokens.board)).status).toBe(204);
  });

  it('cascades permissions: a folder is never more open than its parent', async () => {
    const financials = await folderId('Financials');
    const reserve = await folderId('Reserve Studies');
    expectErrorShape(await send('PATCH', `/${maple}/Directories/${reserve}`, tokens.board, { permission: 'everyone' }), 400, 'DOC007');
    const sub = await send('POST', `/${maple}/Directories/${financials}`, tokens.board, { name: 'Audits' });
    expect(sub.json.folder.permission).toBe('owners');
    expectErrorShape(await send('POST', `/${maple}/Directories/${await folderId('Board Only')}`, tokens.board, { name: 'Open', permission: 'owners' }), 400, 'DOC007');
    const pdf = await upload(app, maple, tokens.board, { parentId: String(sub.json.folder.id) }, { filename: 'audit.pdf', bytes: await pdfWith('Audit letter') });
    expect(pdf.status).toBe(201);
    const audit = pdf.json.document.id;
    expect((await get(`/${maple}/Documents/${audit}/Details`, tokens.home)).status).toBe(200);
    // Financials to board only: everything inside follows.
    const tightened = await send('PATCH', `/${maple}/Directories/${financials}`, tokens.board, { permission: 'board' });
    expect(tightened.json.folder.permission).toBe('board');
    const { rows } = await db().query<{ name: string; permission: string }>('SELECT name, permission FROM document_folders WHERE parent_id = $1 ORDER BY name', [financials]);
    expect(rows).toEqual([{ name: 'Audits', permission: 'board' }, { name: 'Reserve Studies', permission: 'board' }]);
    expectErrorShape(await get(`/${maple}/Documents/${audit}/Details`, tokens.home), 404, 'DOC001');
    expectErrorShape(await get(`/${maple}/Directories/${reserve}`, tokens.home), 404, 'DOC002');
    // Opening the parent again leaves the children as they are; moving a folder under a board folder tightens it.
    await send('PATCH', `/${maple}/Directories/${financials}`, tokens.board, { permission: 'owners' });
    expect((await get(`/${maple}/Directories/${reserve}`, tokens.home)).status).toBe(404);
    const photos = await folderId('Community Photos');
    const moved = await send('PATCH', `/${maple}/Directories/${photos}`, tokens.board, { parentId: await folderId('Board Only') });
    expect(moved.json.folder).toMatchObject({ permission: 'board' });
    await send('PATCH', `/${maple}/Directories/${photos}`, tokens.board, { parentId: 0, permission: 'everyone' });
    await send('PATCH', `/${maple}/Directories/${reserve}`, tokens.board, { permission: 'owners' });
    await send('DELETE', `/${maple}/Directories/${sub.json.folder.id}`, tokens.board);
  });

  it('duplicates a document as "(copy)", numbered when taken', async () => {
    const id = await documentId('Annual Budget 2026.pdf');
    const first = await send('POST', `/${maple}/Documents/${id}`, tokens.board);
    expect(first.status, first.body).toBe(201);
    expect(first.json.document.name).toBe('Annual Budget 2026 (copy).pdf');
    const second = await send('POST', `/${maple}/Documents/${id}`, tokens.manager);
    expect(second.json.document.name).toBe('Annual Budget 2026 (copy 2).pdf');
    const original = await app.inject({ method: 'GET', url: `${DOCS}/${maple}/Documents/${id}`, headers: { authorization: `Bearer ${tokens.home}` } });
    const copy = await app.inject({ method: 'GET', url: `${DOCS}/${maple}/Documents/${second.json.document.id}`, headers: { authorization: `Bearer ${tokens.home}` } });
    expect(copy.rawPayload.equals(original.rawPayload)).toBe(true);
    expect((await send('DELETE', `/${maple}/Documents/${first.json.document.id}`, tokens.board)).status).toBe(204);
    expect((await send('DELETE', `/${maple}/Documents/${second.json.document.id}`, tokens.board)).status).toBe(204);
    expectErrorShape(await send('DELETE', `/${maple}/Documents/${second.json.document.id}`, tokens.board), 404, 'DOC001');
  });

  it('deletes a folder with its subfolders and their files', async () => {
    const top = await send('POST', `/${maple}/Directories/0`, tokens.board, { name: 'Old Newsletters', permission: 'everyone' });
    const inner = await send('POST', `/${maple}/Directories/${top.json.folder.id}`, tokens.board, { name: '2019' });
    expect(inner.json.folder.permission).toBe('owners');
    for (const folder of [top, inner]) {
      expect((await upload(app, maple, tokens.board, { parentId: String(folder.json.folder.id) }, { filename: 'issue.txt', bytes: SAMPLES.txt })).status).toBe(201);
    }
    const documents = await count(db(), 'documents');
    const chunks = await count(db(), 'document_chunks');
    expect((await send('DELETE', `/${maple}/Directories/${top.json.folder.id}`, tokens.board)).status).toBe(204);
    expect(await count(db(), 'documents')).toBe(documents - 2);
    expect(await count(db(), 'document_chunks')).toBe(chunks - 2);
    expect((await db().query('SELECT 1 FROM document_folders WHERE id = ANY($1::integer[])', [[top.json.folder.id, inner.json.folder.id]])).rows).toEqual([]);
  });

  it('never shows a homeowner a board-only document, by any route', async () => {
    const minutes = await documentId('Board Minutes — Executive Session.pdf');
    const boardOnly = await folderId('Board Only');
    for (const token of [tokens.home, undefined]) {
      expectErrorShape(await get(`/${maple}/Documents/${minutes}`, token), 404, 'DOC001');
      expectErrorShape(await get(`/${maple}/Documents/${minutes}?inline=true`, token), 404, 'DOC001');
      expectErrorShape(await get(`/${maple}/Documents/${minutes}/Details`, token), 404, 'DOC001');
      expectErrorShape(await get(`/${maple}/Directories/${boardOnly}`, token), 404, 'DOC002');
      expectErrorShape(await get(`/${maple}/Directories?parentId=${boardOnly}`, token), 404, 'DOC002');
      expect((await get(`/${maple}/Documents/Search?q=quorum-eucalyptus`, token)).json.results).toEqual([]);
      expect((await get(`/${maple}/Documents/Search?q=eucalyptus`, token)).json.results).toEqual([]);
    }
    // The board finds it, with the word highlighted.
    const found = (await get(`/${maple}/Documents/Search?q=quorum-eucalyptus`, tokens.board)).json.results;
    expect(found.map((r: { document: { name: string } }) => r.document.name)).toEqual(['Board Minutes — Executive Session.pdf']);
    expect(found[0].snippet.some((p: { text: string; highlight: boolean }) => p.highlight && /eucalyptus/.test(p.text))).toBe(true);
    const file = await app.inject({ method: 'GET', url: `${DOCS}/${maple}/Documents/${minutes}?inline=true`, headers: { authorization: `Bearer ${tokens.manager}` } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/^inline; filename="Board Minutes _ Executive Session.pdf"; filename\*=UTF-8''Board%20Minutes%20%E2%80%94/);
  });

  it("answers 404 for another association's documents", async () => {
    const folder = await send('POST', `/${demoville}/Directories/0`, tokens.manager, { name: 'Demoville Notices', permission: 'owners' });
    expect(folder.status, folder.body).toBe(201);
    const doc = await upload(app, demoville, tokens.manager, { parentId: String(folder.json.folder.id) }, { filename: 'notice.txt', bytes: SAMPLES.txt });
    expect(doc.status, doc.body).toBe(201);
    const id = doc.json.document.id;
    expectErrorShape(await get(`/${demoville}/Documents/${id}`, tokens.home), 404, 'DOC001');
    expectErrorShape(await get(`/${demoville}/Directories/${folder.json.folder.id}`, tokens.home), 404, 'DOC002');
    expect((await get(`/${demoville}/Directories`, tokens.home)).json.folders).toEqual([]);
    // Named under the wrong association, even by someone who may read it: not found.
    expectErrorShape(await get(`/${maple}/Documents/${id}`, tokens.manager), 404, 'DOC001');
    expectErrorShape(await send('PATCH', `/${maple}/Documents/${id}`, tokens.board, { name: 'x.txt' }), 404, 'DOC001');
    // The board of Maple Grove does not manage Demoville.
    expectErrorShape(await send('DELETE', `/${demoville}/Documents/${id}`, tokens.board), 403, 'DOC003');
  });

  it('lets only the board and staff manage documents (403, nothing changed)', async () => {
    const financials = await folderId('Financials');
    const budget = await documentId('Annual Budget 2026.pdf');
    const before = await snapshot();
    for (const token of [tokens.home, tokens.paid]) {
      expectErrorShape(await send('PATCH', `/${maple}/Directories/${financials}`, token, { name: 'Mine now' }), 403, 'DOC003');
      expectErrorShape(await send('DELETE', `/${maple}/Directories/${financials}`, token), 403, 'DOC003');
      expectErrorShape(await send('POST', `/${maple}/Directories/0`, token, { name: 'New' }), 403, 'DOC003');
      expectErrorShape(await send('PATCH', `/${maple}/Documents/${budget}`, token, { name: 'x.pdf' }), 403, 'DOC003');
      expectErrorShape(await send('POST', `/${maple}/Documents/${budget}`, token), 403, 'DOC003');
      expectErrorShape(await send('DELETE', `/${maple}/Documents/${budget}`, token), 403, 'DOC003');
      expectErrorShape(await upload(app, maple, token, { parentId: String(financials) }, { filename: 'a.txt', bytes: SAMPLES.txt }), 403, 'DOC003');
    }
    expectErrorShape(await send('PATCH', `/${maple}/Directories/${financials}`, undefined, { name: 'Mine now' }), 401, 'AUTH002');
    expectErrorShape(await upload(app, maple, null, { parentId: String(financials) }, { filename: 'a.txt', bytes: SAMPLES.txt }), 401, 'AUTH002');
    expect(await snapshot()).toEqual(before);
  });

  it('keeps one of two uploads of the same name sent at once', async () => {
    const governing = String(await folderId('Governing Documents'));
    const both = await Promise.all([1, 2].map(() => upload(app, maple, tokens.board, { parentId: governing }, { filename: 'Same Time.txt', bytes: SAMPLES.txt })));
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    expect((await db().query(`SELECT 1 FROM documents WHERE lower(name) = 'same time.txt'`)).rows.length).toBe(1);
  });

  it('lets anyone read everyone documents without signing in, and nothing else', async () => {
    const rules = await documentId('Community Rules and Regulations.pdf');
    const file = await app.inject({ method: 'GET', url: `${DOCS}/${maple}/Documents/${rules}` });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(file.headers['content-length']).toBe(String(file.rawPayload.length));
    expect((await get(`/${maple}/Documents/${rules}/Details`)).json).toMatchObject({ previewable: true, folderPath: [{ name: 'Governing Documents' }] });
    expectErrorShape(await get(`/${maple}/Documents/${await documentId('Annual Budget 2026.pdf')}`), 404, 'DOC001');
    expect((await get(`/${maple}/Documents/Search?q=budget`)).json.results).toEqual([]);
    // The budget and the annual meeting's minutes (the members' budget vote), both owners-only.
    const owners = (await get(`/${maple}/Documents/Search?q=budget`, tokens.home)).json.results.map((r: { document: { name: string } }) => r.document.name);
    expect(owners.sort()).toEqual(['Annual Budget 2026.pdf', 'Annual Meeting Minutes 2025.pdf']);
    expectErrorShape(await get(`/${maple}/Documents/${rules}`, 'not-a-token'), 401, 'AUTH002');
  });
});

describe('document library settings and names', () => {
  it('limits uploads to MAX_UPLOAD_MB, 25 by default, and names the limit', () => {
    expect(DEFAULT_MAX_UPLOAD_MB).toBe(25);
    expect(fileTooLarge(25).message).toBe('The file is larger than the 25 MB limit.');
    expect(configFromEnv({ MAX_UPLOAD_MB: '5' }).app.maxUploadMb).toBe(5);
    expect(configFromEnv({}).app.maxUploadMb).toBeUndefined();
    expect(() => configFromEnv({ MAX_UPLOAD_MB: 'lots' })).toThrow(/MAX_UPLOAD_MB/);
  });

  it('names copies and uploaded files', () => {
    expect(copyName('Budget.pdf', 1)).toBe('Budget (copy).pdf');
    expect(copyName('Budget.pdf', 3)).toBe('Budget (copy 3).pdf');
    expect(copyName('Notes', 1)).toBe('Notes (copy)');
    expect(copyName(`${'x'.repeat(116)}.pdf`, 2)).toHaveLength(120);
    expect(nameFromFilename('C:\\Users\\me\\minutes.pdf')).toBe('minutes.pdf');
    expect(nameFromFilename('')).toBe('Document');
  });
});
