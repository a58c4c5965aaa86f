// Files attached to homeowner requests (openapi/action-items.yaml, /HomeownerRequests/{id}/
// Attachments): the demo attachments, uploads by the homeowner and by management staff downloaded
// back byte for byte (also a file of several 256 KB chunks), previews, the document library's checks
// (type read from the content, MAX_UPLOAD_MB, a file required), at most 10 per request (also two
// uploads at once), someone else's request and another request's attachment refused with 404. A
// refused upload writes nothing. PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { BACKENDS, DEMO, call, count, createTestClock, expectErrorShape, signIn, testApp, useTestDatabase, type ApiResponse } from './helpers.ts';
import { databaseFingerprint } from './authz-helpers.ts';
import { SAMPLES, multipart, pdfWith } from './documents-helpers.ts';
import { caller, otherCompanyManager } from './community-helpers.ts';

const BASE = '/api/action-items/HomeownerRequests';

describe.each(BACKENDS)('homeowner request attachments on %s', (kind) => {
  const database = useTestDatabase(kind);
  const clock = createTestClock();
  let app: FastifyInstance;
  const tokens: Record<'home' | 'paid' | 'board' | 'manager' | 'stranger', string> = { home: '', paid: '', board: '', manager: '', stranger: '' };
  const db = () => database.current.db;

  const upload = async (requestId: number, token: string | null, file?: { filename: string; bytes: Buffer }): Promise<ApiResponse> => {
    const { payload, contentType } = multipart({}, file);
    const headers: Record<string, string> = { 'content-type': contentType };
    if (token) headers.authorization = `Bearer ${token}`;
    const res = await app.inject({ method: 'POST', url: `${BASE}/${requestId}/Attachments`, payload, headers });
    return { status: res.statusCode, headers: res.headers, body: res.body, json: res.body ? JSON.parse(res.body) : undefined };
  };
  const download = (requestId: number, attachmentId: number, token: string, query = '') =>
    app.inject({ method: 'GET', url: `${BASE}/${requestId}/Attachments/${attachmentId}${query}`, headers: { authorization: `Bearer ${token}` } });
  const list = (requestId: number, token: string) => call(app, 'GET', `${BASE}/${requestId}/Attachments`, { token });
  const requestId = async (subject: string) => Number((await db().query<{ id: number }>('SELECT id FROM homeowner_requests WHERE subject = $1', [subject])).rows[0].id);
  const newRequest = async (subject: string) => {
    const res = await caller(app, tokens.home, '/api/action-items').post('/HomeownerRequests', { accountNumber: '100234', kind: 'general', subject, description: 'See the attached files.' });
    expect(res.status, res.body).toBe(201);
    return Number(res.json.id);
  };
  const stored = async () => ({ attachments: await count(db(), 'homeowner_request_attachments'), chunks: await count(db(), 'homeowner_request_attachment_chunks') });

  beforeAll(async () => {
    app = await testApp(db(), { clock: clock.now, maxUploadMb: 1 });
    const northwind = await otherCompanyManager(db());
    tokens.home = (await signIn(app, DEMO.homeowner)).token;
    tokens.paid = (await signIn(app, DEMO.paid)).token;
    tokens.board = (await signIn(app, DEMO.board)).token;
    tokens.manager = (await signIn(app, DEMO.manager)).token;
    tokens.stranger = (await signIn(app, northwind)).token;
  });
  afterAll(async () => {
    await app?.close();
  });

  it('lists the demo attachments and counts them on the request', async () => {
    const fence = await requestId('Replace backyard fence');
    const res = await list(fence, tokens.home);
    expect(res.status, res.body).toBe(200);
    expect(res.json.attachments).toEqual([
      expect.objectContaining({ name: 'Fence plan.pdf', contentType: 'application/pdf', fromManagement: false, previewable: true }),
      expect.objectContaining({ name: 'Current fence.png', contentType: 'image/png', fromManagement: false, previewable: true }),
    ]);
    const plan = await download(fence, res.json.attachments[0].id, tokens.manager);
    expect(plan.statusCode).toBe(200);
    expect(plan.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(plan.rawPayload.length).toBe(res.json.attachments[0].size);
    expect((await call(app, 'GET', `${BASE}/${fence}`, { token: tokens.home })).json.attachmentCount).toBe(2);
    const streetlight = (await list(await requestId('Streetlight out on Maple Grove Lane'), tokens.home)).json.attachments;
    expect(streetlight).toEqual([expect.objectContaining({ name: 'Utility work order.png', fromManagement: true })]);
  });

  it('stores what the homeowner and management upload and gives the same bytes back', async () => {
    const id = await newRequest('Cracked driveway');
    const pdf = await pdfWith('Photos and a quote for the driveway repair.');
    const big = Buffer.alloc(600 * 1024, 'driveway ');
    const cases: [string, Buffer, string, 'home' | 'manager'][] = [
      ['quote.pdf', pdf, 'application/pdf', 'home'],
      ['crack.png', SAMPLES.png, 'image/png', 'home'],
      ['details.txt', big, 'text/plain; charset=utf-8', 'home'],
      ['schedule.docx', SAMPLES.docx, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'manager'],
    ];
    const ids: number[] = [];
    for (const [filename, bytes, contentType, who] of cases) {
      clock.advance(60_000);
      const res = await upload(id, tokens[who], { filename, bytes });
      expect(res.status, res.body).toBe(201);
      expect(res.json).toEqual({
        id: expect.any(Number),
        name: filename,
        contentType,
        size: bytes.length,
        uploadedAt: clock.now().toISOString(),
        fromManagement: who === 'manager',
        previewable: contentType === 'application/pdf' || contentType.startsWith('image/'),
      });
      ids.push(res.json.id);
      // Both sides read every file of the request.
      for (const reader of [tokens.home, tokens.manager]) {
        const file = await download(id, res.json.id, reader);
        expect(file.statusCode).toBe(200);
        expect(file.rawPayload.equals(bytes)).toBe(true);
        expect(file.headers['content-type']).toBe(contentType);
        expect(file.headers['content-length']).toBe(String(bytes.length));
        expect(file.headers['x-content-type-options']).toBe('nosniff');
        expect(file.headers['content-disposition']).toBe(`attachment; filename="${filename}"; filename*=UTF-8''${filename}`);
      }
    }
    // The 600 KB text is three rows of 256 KB at most.
    const { rows } = await db().query<{ n: number }>('SELECT count(*)::integer AS n FROM homeowner_request_attachment_chunks WHERE attachment_id = $1', [ids[2]]);
    expect(Number(rows[0].n)).toBe(3);
    expect((await download(id, ids[1], tokens.home, '?inline=true')).headers['content-disposition']).toMatch(/^inline; filename="crack.png"/);
    expect((await download(id, ids[3], tokens.home, '?inline=true')).headers['content-disposition']).toMatch(/^attachment;/);
    const listed = await list(id, tokens.manager);
    expect(listed.json.attachments.map((a: { name: string }) => a.name)).toEqual(['quote.pdf', 'crack.png', 'details.txt', 'schedule.docx']);
    expect((await call(app, 'GET', `${BASE}/${id}`, { token: tokens.home })).json.attachmentCount).toBe(4);
  });

  it("refuses someone else's request with 404 and stores nothing", async () => {
    const fence = await requestId('Replace backyard fence');
    const attachment = (await list(fence, tokens.home)).json.attachments[0].id;
    const before = await databaseFingerprint(db());
    for (const token of [tokens.paid, tokens.board, tokens.stranger]) {
      expectErrorShape(await upload(fence, token, { filename: 'plan.png', bytes: SAMPLES.png }), 404, 'HRQ404');
      expectErrorShape(await list(fence, token), 404, 'HRQ404');
      const file = await download(fence, attachment, token);
      expect(file.statusCode).toBe(404);
      expect(file.json()).toMatchObject({ errorCode: 'HRQ404' });
    }
    expectErrorShape(await upload(fence, null, { filename: 'plan.png', bytes: SAMPLES.png }), 401, 'AUTH002');
    expectErrorShape(await upload(999999, tokens.home, { filename: 'plan.png', bytes: SAMPLES.png }), 404, 'HRQ404');
    expect(await databaseFingerprint(db())).toEqual(before);
  });

  it("answers 404 for an attachment of another request, even the caller's own", async () => {
    const fence = await requestId('Replace backyard fence');
    const streetlight = await requestId('Streetlight out on Maple Grove Lane');
    const fenceFile = (await list(fence, tokens.home)).json.attachments[0].id;
    for (const token of [tokens.home, tokens.manager]) {
      const other = await download(streetlight, fenceFile, token);
      expect(other.statusCode).toBe(404);
      expect(other.json()).toMatchObject({ status: 404, errorCode: 'HRQ007', detail: 'Attachment not found' });
      expect((await download(fence, 999999, token)).json()).toMatchObject({ errorCode: 'HRQ007' });
    }
  });

  it('refuses a disguised, unknown, oversized or missing file and writes nothing', async () => {
    const id = await newRequest('Refused files');
    const before = await stored();
    const fingerprint = await databaseFingerprint(db());
    const exe = await upload(id, tokens.home, { filename: 'plan.pdf', bytes: SAMPLES.exe });
    expectErrorShape(exe, 415, 'DOC009');
    expect(exe.json.detail).toBe('This type of file cannot be uploaded. Upload a PDF, PNG, JPEG, GIF, WebP, Word (.docx), Excel (.xlsx) or plain-text file.');
    expectErrorShape(await upload(id, tokens.home, { filename: 'setup.exe', bytes: SAMPLES.exe }), 415, 'DOC009');
    const textAsPng = await upload(id, tokens.home, { filename: 'photo.png', bytes: SAMPLES.txt });
    expectErrorShape(textAsPng, 415, 'DOC009');
    expect(textAsPng.json.detail).toContain('(.png)');
    const big = await upload(id, tokens.manager, { filename: 'big.txt', bytes: Buffer.alloc(1024 * 1024 + 1, 'a') });
    expectErrorShape(big, 413, 'DOC008');
    expect(big.json.detail).toBe('The file is larger than the 1 MB limit.');
    const empty = await upload(id, tokens.home, { filename: 'empty.txt', bytes: Buffer.alloc(0) });
    expectErrorShape(empty, 400, 'DOC010');
    expect(empty.json.detail).toBe('Choose a file to upload.');
    expectErrorShape(await upload(id, tokens.home), 400, 'DOC010');
    expectErrorShape(await call(app, 'POST', `${BASE}/${id}/Attachments`, { token: tokens.home, body: { file: 'x' } }), 415, 'REQ003');
    expect(await stored()).toEqual(before);
    expect(await databaseFingerprint(db())).toEqual(fingerprint);
  });

  it('keeps at most 10 files on a request, also when two are sent at once', async () => {
    const id = await newRequest('Many photos');
    for (let n = 1; n <= 9; n++) expect((await upload(id, tokens.home, { filename: `photo ${n}.png`, bytes: SAMPLES.png })).status).toBe(201);
    // The 10th and an 11th at the same time: the request's row lock lets exactly one in.
    const both = await Promise.all([
      upload(id, tokens.home, { filename: 'photo 10.png', bytes: SAMPLES.png }),
      upload(id, tokens.manager, { filename: 'photo 11.png', bytes: SAMPLES.png }),
    ]);
    expect(both.map((r) => r.status).sort(), both.map((r) => r.body).join('\n')).toEqual([201, 409]);
    const before = await stored();
    const eleventh = await upload(id, tokens.home, { filename: 'one more.png', bytes: SAMPLES.png });
    expectErrorShape(eleventh, 409, 'HRQ006');
    expect(eleventh.json.detail).toBe('A request can have at most 10 attachments.');
    expect(await stored()).toEqual(before);
    expect((await list(id, tokens.home)).json.attachments).toHaveLength(10);
    expect((await call(app, 'GET', `${BASE}/${id}`, { token: tokens.home })).json.attachmentCount).toBe(10);
  });
});
