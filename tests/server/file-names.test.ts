// Deceptive file names: bidirectional and invisible characters are removed from the names of
// uploaded files (documents, request attachments); a typed name (document, folder) holding one, or
// that is ".", ".." or starts with a dot, is refused with 400 VAL001 naming the field. An upload the
// client gives up on is logged as what it is, not as an error.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { BACKENDS, DEMO, call, expectErrorShape, signIn, testApp, useTestDatabase } from './helpers.ts';
import { DOCS, SAMPLES, multipart, upload } from './documents-helpers.ts';
import { caller } from './community-helpers.ts';
import { associationId } from './billing-helpers.ts';

describe.each(BACKENDS)('file names on %s', (kind) => {
  const database = useTestDatabase(kind);
  let app: FastifyInstance;
  let logged = '';
  const tokens = { home: '', board: '' };
  let maple = 0;
  let governing = 0;
  const db = () => database.current.db;
  const send = (method: 'POST' | 'PATCH', path: string, body: unknown) => call(app, method, `${DOCS}${path}`, { token: tokens.board, body });
  beforeAll(async () => {
    const stream = { write: (line: string) => void (logged += line) };
    app = await testApp(db(), { logger: { level: 'info', stream } });
    tokens.home = (await signIn(app, DEMO.homeowner)).token;
    tokens.board = (await signIn(app, DEMO.board)).token;
    maple = await associationId(db(), 'maplegrove');
    governing = Number((await db().query<{ id: number }>(`SELECT id FROM document_folders WHERE name = 'Governing Documents'`)).rows[0].id);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('removes bidirectional and invisible characters from uploaded file names', async () => {
    const cases: [string, string][] = [
      ['invoice\u202efdp.txt', 'invoicefdp.txt'],
      ['\u200bnotes\u200d\u2066 2026\u2069\ufeff.txt', 'notes 2026.txt'],
      ['.htaccess.txt', 'htaccess.txt'],
      ['\u200f..txt', 'txt'],
    ];
    for (const [filename, stored] of cases) {
      const res = await upload(app, maple, tokens.board, { parentId: String(governing) }, { filename, bytes: SAMPLES.txt });
      expect(res.status, res.body).toBe(201);
      expect(res.json.document.name).toBe(stored);
    }
    // A request attachment too.
    const created = await caller(app, tokens.home, '/api/action-items').post('/HomeownerRequests', { accountNumber: '100234', kind: 'general', subject: 'Names', description: 'A file.' });
    expect(created.status, created.body).toBe(201);
    const { payload, contentType } = multipart({}, { filename: 'receipt\u202egpj.txt', bytes: SAMPLES.txt });
    const attached = await app.inject({
      method: 'POST',
      url: `/api/action-items/HomeownerRequests/${created.json.id}/Attachments`,
      payload,
      headers: { 'content-type': contentType, authorization: `Bearer ${tokens.home}` },
    });
    expect(attached.statusCode, attached.body).toBe(201);
    expect(attached.json().name).toBe('receiptgpj.txt');
  });

  it('refuses typed names that hold such characters or start with a dot, with 400 VAL001 naming the field', async () => {
    const docId = Number((await db().query<{ id: number }>(`SELECT id FROM documents WHERE name = 'Pool Hours.txt'`)).rows[0].id);
    const bad = ['.', '..', '.htaccess', 'a\u202eb', 'zero\u200bwidth', 'isolate\u2066d', 'bom\ufeff', 'tag\u{e0041}'];
    for (const name of bad) {
      const answers = [
        await upload(app, maple, tokens.board, { parentId: String(governing), name }, { filename: 'a.txt', bytes: SAMPLES.txt }),
        await send('PATCH', `/${maple}/Documents/${docId}`, { name }),
        await send('POST', `/${maple}/Directories/${governing}`, { name }),
        await send('PATCH', `/${maple}/Directories/${governing}`, { name }),
      ];
      for (const res of answers) {
        expectErrorShape(res, 400, 'VAL001');
        expect(Object.keys(res.json.fields), JSON.stringify(name)).toEqual(['name']);
        expect(res.json.detail).toMatch(/^The field 'name' cannot/);
      }
    }
    expect((await db().query(`SELECT id FROM documents WHERE name = 'Pool Hours.txt'`)).rows).toHaveLength(1);
    // Dots inside a name are fine.
    const fine = await send('POST', `/${maple}/Directories/${governing}`, { name: 'v1.2 drafts.' });
    expect(fine.status, fine.body).toBe(201);
  });

  it('an upload the client aborts is logged as such, not as an error', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;
    logged = '';
    const { payload, contentType } = multipart({ parentId: String(governing) }, { filename: 'big.txt', bytes: Buffer.alloc(512 * 1024, 'a') });
    await new Promise<void>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(
          `POST ${DOCS}/${maple}/Documents HTTP/1.1\r\nHost: portal.test\r\nAuthorization: Bearer ${tokens.board}\r\n` +
            `Content-Type: ${contentType}\r\nContent-Length: ${payload.length}\r\n\r\n`,
        );
        socket.write(payload.subarray(0, 200 * 1024), () => setTimeout(() => socket.destroy(), 200));
      });
      socket.on('error', () => undefined);
      socket.on('close', () => resolve());
    });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const lines = logged.split('\n').filter(Boolean).map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(lines.filter((line) => line.level >= 50), logged).toEqual([]);
    expect(lines.some((line) => line.level >= 30 && line.level < 50 && /aborted/i.test(line.msg)), logged).toBe(true);
  });
});
