// MyCA's model client (server/myca/model.ts, citations.ts, model-settings.ts) against a fake
// OpenAI-compatible server on a random port: a streamed answer with sound citations is used, an
// invented citation, no citation, a timeout, an HTTP error or a broken stream fall back to the
// extractive answer with their reason. What the fake server receives carries no owner's e-mail,
// phone, account number or address, and the bearer key of the server's environment; the answer
// gets the originals back. The endpoint and model come from the company's settings (PGlite).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { DEMO, call, signIn, testApp, useTestDatabase } from './helpers.ts';
import { askModel, ModelError, type AskModelOptions, type ModelAnswer, type ModelPassage } from '../../server/myca/model.ts';
import { checkCitations, decideAnswer, settle } from '../../server/myca/citations.ts';
import { modelKeyVariable, modelSettings, type ModelSettings } from '../../server/myca/model-settings.ts';
import { createPlaceholders, redact } from '../../server/myca/redact.ts';
import { loadSettingsSchema } from '../../server/settings/schema.ts';

const API_KEY = 'sk-test-myca-0123456789abcdef';

const PASSAGES: ModelPassage[] = [
  { id: 'p1', title: 'Management office', page: 2, body: 'The management office at 1200 Ocean Drive, Suite 300 is open 9 am to 5 pm, Monday to Friday.' },
  { id: 'p2', title: 'Contacts', body: 'Reach the community manager at jane.doe@summit-mgmt.com or (305) 555-0142.' },
  { id: 'p3', title: 'Billing', page: 14, body: 'The owner of account 100234 at 45 Maple Grove Ct pays $1,250 per quarter; call +44 20 7946 0958 from abroad.' },
];
const ALLOWED = PASSAGES.map((p) => p.id);
/** Every personal detail of the passages, the history and the question: none may reach the model. */
const PERSONAL = [
  '1200 Ocean Drive', 'jane.doe@summit-mgmt.com', '555-0142', '100234', '45 Maple Grove', '7946 0958', 'owner@example.com', '786-555-0199',
];
const HISTORY = [
  { role: 'user' as const, content: 'I am owner@example.com, account 100234; my cell is 786-555-0199.' },
  { role: 'assistant' as const, content: 'Thank you. What would you like to know?' },
];
const QUESTION = 'When is the office open, and how do I reach the manager?';

type Scenario = 'valid' | 'invented' | 'uncited' | 'refusal' | 'slow' | 'error500' | 'malformed' | 'truncated' | 'json';

interface Received {
  headers: IncomingMessage['headers'];
  url: string;
  body: string;
}

/** The model's reply, in the placeholders the request carried (as a real model would copy them). */
function replyTo(scenario: Scenario, request: { messages: Array<{ content: string }> }): string {
  const sent = request.messages.map((m) => m.content).join('\n');
  const address = /\[ADDRESS_\d+\]/.exec(sent)?.[0] ?? '?';
  const email = /\[EMAIL_\d+\]/.exec(sent)?.[0] ?? '?';
  switch (scenario) {
    case 'invented':
      return `The office at ${address} is open 9 am to 5 pm [p1]. Visitors need a pass [p99].`;
    case 'uncited':
      return 'The office is open 9 am to 5 pm on weekdays.';
    case 'refusal':
      return "I don't know: the association's documents I was given do not answer that.";
    default:
      return `The office at ${address} is open 9 am to 5 pm, Monday to Friday [p1]. Write to the manager at ${email} [p2].`;
  }
}

const sse = (value: unknown) => `data: ${JSON.stringify(value)}\n\n`;
const delta = (content: string) => sse({ id: 'c1', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content }, finish_reason: null }] });

/** Chunks of about a dozen characters, so a placeholder is cut between two of them. */
function pieces(text: string): string[] {
  return text.match(/[\s\S]{1,13}/g) ?? [];
}

async function answer(req: IncomingMessage, res: ServerResponse, received: Received[], open: Set<ServerResponse>) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks).toString('utf8');
  received.push({ headers: req.headers, url: req.url ?? '', body });
  const request = JSON.parse(body) as { model: Scenario; messages: Array<{ content: string }> };
  const scenario = request.model;
  const text = replyTo(scenario, request);
  if (scenario === 'error500') {
    res.writeHead(500, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { message: `upstream failure for ${body.slice(0, 40)}`, type: 'server_error' } }));
    return;
  }
  if (scenario === 'json') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ id: 'c1', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }] }));
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  if (scenario === 'malformed') {
    res.write(delta('The office is'));
    res.write('data: {"choices": [{"delta": {"content": " open\n\n');
    res.end('data: [DONE]\n\n');
    return;
  }
  if (scenario === 'slow') {
    // One piece at once, then nothing: the client's timeout must end it.
    open.add(res);
    res.write(delta('The office'));
    return;
  }
  res.write(': keep-alive\n\n');
  for (const piece of pieces(text)) {
    res.write(delta(piece));
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  if (scenario === 'truncated') {
    res.end();
    return;
  }
  res.write(sse({ id: 'c1', object: 'chat.completion.chunk', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] }));
  res.end('data: [DONE]\n\n');
}

describe('MyCA model client', () => {
  const database = useTestDatabase('pglite');
  let fake: Server;
  let endpoint: string;
  let app: FastifyInstance;
  let summit: number;
  let settings: ModelSettings;
  const received: Received[] = [];
  const open = new Set<ServerResponse>();

  beforeAll(async () => {
    fake = createServer((req, res) => {
      answer(req, res, received, open).catch((error: unknown) => res.destroy(error as Error));
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/v1`;
    vi.stubEnv(modelKeyVariable('summit'), API_KEY);

    // The company's admin points MyCA at the fake server in the console's settings.
    app = await testApp(database.current.db);
    const manager = (await signIn(app, DEMO.manager)).token;
    summit = Number((await database.current.db.query<{ id: number }>(`SELECT id FROM management_companies WHERE code = 'summit'`)).rows[0].id);
    expect(await modelSettings(app.services.settings, { id: summit, code: 'summit' })).toBeNull();
    expect((await call(app, 'PUT', '/api/settings/Company/mycaModelEndpoint', { token: manager, body: { value: `${endpoint}/` } })).status).toBe(200);
    expect(await modelSettings(app.services.settings, { id: summit, code: 'summit' })).toBeNull();
    expect((await call(app, 'PUT', '/api/settings/Company/mycaModelName', { token: manager, body: { value: 'valid' } })).status).toBe(200);
    settings = (await modelSettings(app.services.settings, { id: summit, code: 'summit' }))!;
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    for (const res of open) res.destroy();
    fake?.closeAllConnections();
    await new Promise((resolve) => fake?.close(resolve));
    await app?.close();
  });
  beforeEach(() => {
    received.length = 0;
  });

  /** Asks the fake server to play `scenario`, with the company's endpoint and the environment's key. */
  function ask(scenario: Scenario, extra: Partial<AskModelOptions> = {}): Promise<ModelAnswer> {
    return askModel({
      endpoint: settings.endpoint, model: scenario, apiKey: settings.apiKey, question: QUESTION, history: HISTORY, passages: PASSAGES, ...extra,
    });
  }

  it('reads the endpoint and model from the company, the key from the environment only', () => {
    expect(settings).toMatchObject({ endpoint, model: 'valid', apiKey: API_KEY });
    // The key is no part of what a log line or an answer would serialize.
    expect(JSON.stringify(settings)).not.toContain(API_KEY);
    expect(Object.keys(settings)).toEqual(['endpoint', 'model']);
  });

  it('uses a streamed answer whose every citation is a passage, with the originals restored', async () => {
    const deltas: string[] = [];
    const result = await ask('valid', { onDelta: (text) => deltas.push(text) });

    expect(result.text).toBe('The office at 1200 Ocean Drive, Suite 300 is open 9 am to 5 pm, Monday to Friday [p1]. Write to the manager at jane.doe@summit-mgmt.com [p2].');
    expect(result.modelText).toMatch(/^The office at \[ADDRESS_1\] is open .* \[EMAIL_1\] \[p2\]\.$/);
    expect(result.cited).toEqual(['p1', 'p2']);
    // Streamed in several pieces, each already restored: no half placeholder on screen.
    expect(deltas.length).toBeGreaterThan(5);
    expect(deltas.join('')).toBe(result.text);
    for (const piece of deltas) expect(piece).not.toMatch(/\[[A-Z]+_?\d*\]?|_\d+\]/);

    expect(checkCitations(result.text, ALLOWED)).toEqual({ ok: true, cited: ['p1', 'p2'], unknown: [] });
    expect(decideAnswer(result, ALLOWED)).toEqual({ use: 'model', text: result.text, cited: ['p1', 'p2'] });
  });

  it('sends the request OpenAI-compatible, with the bearer key and nothing personal', async () => {
    await ask('valid');
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request.url).toBe('/v1/chat/completions');
    expect(request.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(request.headers['content-type']).toBe('application/json');
    for (const detail of PERSONAL) expect(request.body).not.toContain(detail);

    const body = JSON.parse(request.body) as { model: string; stream: boolean; messages: Array<{ role: string; content: string }> };
    expect(body).toMatchObject({ model: 'valid', stream: true });
    expect(body.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    const [system, history, , last] = body.messages;
    expect(system.content).toMatch(/only the numbered passages/);
    expect(system.content).toMatch(/\[p3\]/);
    expect(system.content).toMatch(/I don't know/);
    expect(system.content).toMatch(/Never invent a source/);
    expect(history.content).toBe('I am [EMAIL_2], account [ACCOUNT_1]; my cell is [PHONE_3].');
    expect(last.content).toContain('[p1] Management office (page 2)\nThe management office at [ADDRESS_1] is open 9 am to 5 pm');
    expect(last.content).toContain('[p2] Contacts\nReach the community manager at [EMAIL_1] or [PHONE_1].');
    expect(last.content).toContain('[p3] Billing (page 14)\nThe owner of account [ACCOUNT_1] at [ADDRESS_2] pays $1,250 per quarter; call [PHONE_2] from abroad.');
    expect(last.content).toMatch(/Question: When is the office open, and how do I reach the manager\?$/);
  });

  it('sends no Authorization header when the server has no key', async () => {
    vi.stubEnv(modelKeyVariable('summit'), '');
    const keyless = (await modelSettings(app.services.settings, { id: summit, code: 'summit' }))!;
    vi.stubEnv(modelKeyVariable('summit'), API_KEY);
    expect(keyless.apiKey).toBeNull();
    await askModel({ endpoint: keyless.endpoint, model: 'valid', apiKey: keyless.apiKey, question: QUESTION, history: [], passages: PASSAGES });
    expect(received[0].headers.authorization).toBeUndefined();
  });

  it('sends a company only its own key: another company pointing at the same address gets none of Summit\'s', async () => {
    const lakeside = Number((await database.current.db.query<{ id: number }>(`SELECT id FROM management_companies WHERE code = 'lakeside'`)).rows[0].id);
    const admin = (await signIn(app, DEMO.lakesideAdmin)).token;
    for (const [key, value] of [['mycaModelEndpoint', endpoint], ['mycaModelName', 'valid']]) {
      expect((await call(app, 'PUT', `/api/settings/Company/${key}`, { token: admin, body: { value } })).status).toBe(200);
    }
    const theirs = (await modelSettings(app.services.settings, { id: lakeside, code: 'lakeside' }))!;
    expect(modelKeyVariable('lakeside')).toBe('MYCA_MODEL_API_KEY_LAKESIDE');
    expect(theirs.apiKey).toBeNull();
  });

  it('accepts an answer that is not streamed', async () => {
    const deltas: string[] = [];
    const result = await ask('json', { onDelta: (text) => deltas.push(text) });
    expect(result.text).toContain('1200 Ocean Drive, Suite 300');
    expect(deltas).toEqual([result.text]);
    expect(decideAnswer(result, ALLOWED)).toMatchObject({ use: 'model', cited: ['p1', 'p2'] });
  });

  it('falls back when a citation names no passage', async () => {
    const result = await ask('invented');
    expect(result.cited).toEqual(['p1', 'p99']);
    expect(checkCitations(result.text, ALLOWED)).toEqual({ ok: false, cited: ['p1'], unknown: ['p99'] });
    expect(decideAnswer(result, ALLOWED)).toEqual({ use: 'extractive', reason: 'unknown-citation' });
  });

  it('falls back when nothing is cited, but lets a plain refusal stand', async () => {
    expect(decideAnswer(await ask('uncited'), ALLOWED)).toEqual({ use: 'extractive', reason: 'no-citation' });
    const refusal = await ask('refusal');
    expect(decideAnswer(refusal, ALLOWED)).toEqual({ use: 'model', text: refusal.text, cited: [] });
  });

  it('gives up after the timeout with a typed error', async () => {
    const started = Date.now();
    const error = await ask('slow', { timeoutMs: 300 }).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(error).toBeInstanceOf(ModelError);
    expect(error).toMatchObject({ failure: 'timeout' });
    expect(decideAnswer({ error }, ALLOWED)).toEqual({ use: 'extractive', reason: 'timeout' });
  });

  it('falls back on an HTTP error without carrying its body or the key', async () => {
    const outcome = await settle(ask('error500'));
    expect(outcome).toMatchObject({ error: { failure: 'http', status: 500 } });
    const message = (outcome as { error: ModelError }).error.message;
    expect(message).not.toContain(API_KEY);
    expect(message).not.toContain('upstream');
    expect(decideAnswer(outcome, ALLOWED)).toEqual({ use: 'extractive', reason: 'error' });
  });

  it('falls back on a malformed stream, and on one cut short', async () => {
    for (const scenario of ['malformed', 'truncated'] as const) {
      const outcome = await settle(ask(scenario));
      expect(outcome, scenario).toMatchObject({ error: { failure: 'malformed' } });
      expect(decideAnswer(outcome, ALLOWED)).toEqual({ use: 'extractive', reason: 'error' });
    }
  });

  it('falls back when the endpoint cannot be reached, or the caller cancels', async () => {
    const closed = await settle(askModel({ endpoint: 'http://127.0.0.1:9/v1', model: 'valid', apiKey: null, question: QUESTION, history: [], passages: PASSAGES }));
    expect(closed).toMatchObject({ error: { failure: 'unreachable' } });
    expect(decideAnswer(closed, ALLOWED)).toEqual({ use: 'extractive', reason: 'error' });

    const controller = new AbortController();
    const pending = settle(ask('slow', { signal: controller.signal, timeoutMs: 5000 }));
    setTimeout(() => controller.abort(), 50);
    expect(await pending).toMatchObject({ error: { failure: 'aborted' } });
  });

  it('restores the originals from the one placeholder map of the request', async () => {
    const placeholders = createPlaceholders();
    // A detail the caller redacted itself keeps its placeholder in the passages.
    expect(redact('Gate code desk: gate@maplegrove.org', placeholders)).toBe('Gate code desk: [EMAIL_1]');
    const result = await ask('valid', { placeholders });
    expect(result.placeholders).toBe(placeholders);
    expect(result.modelText).toContain('[EMAIL_1]');
    expect(result.text).toContain('gate@maplegrove.org [p2]');
    expect(received[0].body).not.toContain('gate@maplegrove.org');
  });
});

describe('MyCA model settings', () => {
  const values = (v: Record<string, unknown>) => ({ valuesFor: async () => v });

  it('are declared at the company level, null by default, https or a local address', () => {
    const schema = loadSettingsSchema();
    const endpoint = schema.byKey.get('mycaModelEndpoint')!;
    const name = schema.byKey.get('mycaModelName')!;
    expect(endpoint).toMatchObject({ group: 'myCA', default: null, readOnly: false });
    expect(name).toMatchObject({ group: 'myCA', default: null, readOnly: false });
    expect(endpoint.title).toBeTruthy();
    expect(endpoint.description).toMatch(/OpenAI-compatible/);
    for (const ok of ['https://api.openai.com/v1', 'https://llm.summit.example/openai/v1', 'http://127.0.0.1:11434/v1', 'http://localhost:8000/v1', null]) {
      expect(endpoint.validate(ok), String(ok)).toBe(true);
    }
    for (const bad of ['http://llm.example/v1', 'https://user:pass@llm.example/v1', 'https://llm.example/v1?key=1', 'ftp://llm.example', '']) {
      expect(endpoint.validate(bad), bad).toBe(false);
    }
    for (const ok of ['gpt-4o-mini', 'meta-llama/Llama-3.1-8B-Instruct', null]) expect(name.validate(ok), String(ok)).toBe(true);
    for (const bad of ['', 'two words']) expect(name.validate(bad), bad).toBe(false);
  });

  it('give no model without an endpoint or a model name', async () => {
    const SUMMIT = { id: 1, code: 'summit' };
    const env = { [modelKeyVariable('summit')]: API_KEY };
    expect(await modelSettings(values({ mycaModelEndpoint: null, mycaModelName: 'gpt-4o-mini' }), SUMMIT, env)).toBeNull();
    expect(await modelSettings(values({ mycaModelEndpoint: 'https://api.openai.com/v1', mycaModelName: null }), SUMMIT, env)).toBeNull();
    const found = await modelSettings(values({ mycaModelEndpoint: 'https://api.openai.com/v1/', mycaModelName: 'gpt-4o-mini' }), SUMMIT, env);
    expect(found).toMatchObject({ endpoint: 'https://api.openai.com/v1', model: 'gpt-4o-mini', apiKey: API_KEY });
    expect(await modelSettings(values({ mycaModelEndpoint: 'https://api.openai.com/v1', mycaModelName: 'gpt-4o-mini' }), SUMMIT, {})).toMatchObject({ apiKey: null });
  });
});
