// The sandbox provider's own HTTP surface, kept apart from our API the way a real provider's
// would be: the hosted entry page (framed by the portal), its script and style, and the attach
// call the page makes. Card and bank numbers arrive here only, never at /api.
//
//   GET  /sandbox-provider/entry/:setupIntentId?secret=&kind=card|bank&origin=<parent origin>
//   GET  /sandbox-provider/entry/:setupIntentId?secret=&kind=card|bank&return=</same-origin path>
//        (full-page mode: after the attach the page goes to the return path with setupIntent=<id>;
//        "Cancel and return" goes there with cancelled=1)
//   GET  /sandbox-provider/entry.js, /sandbox-provider/entry.css
//   POST /sandbox-provider/api/setup-intents/:setupIntentId/attach  {secret, ...numbers}
import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/index.ts';
import type { Clock } from '../clock.ts';
import { attachMethod, findIntentForEntry, SandboxProviderError } from './service.ts';
import { cspWithFrameAncestors, withAncestors, type HelmetOptions } from '../security-headers.ts';
import type { SettingsService } from '../settings/index.ts';
import { merchantEmbeddingOrigins } from '../embedding/origins.ts';

export interface SandboxRoutesDeps {
  db: Db;
  clock: Clock;
  /**
   * Extra CSP frame-ancestors sources (the portal's own FRAME_ANCESTORS): frame-ancestors is
   * checked against every ancestor, so a portal embedded elsewhere needs its embedders here too.
   */
  frameAncestors?: string[];
  /**
   * The portal's settings, for the pages that may embed the portal a payment is made in (each
   * association's `embeddingOrigins`); default the app's own (`app.services`), none without it.
   */
  settings?: SettingsService;
}

const ENTRY_JS = readFileSync(new URL('./assets/entry.js', import.meta.url), 'utf8');
const ENTRY_CSS = readFileSync(new URL('./assets/entry.css', import.meta.url), 'utf8');

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

/** The origin this server was reached at (scheme + host[:port]), normalized like window.location.origin. */
function serverOrigin(request: FastifyRequest): string | null {
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return null;
  }
}

function normalizeOrigin(value: string): string | null {
  try {
    const url = new URL(value);
    return url.origin === 'null' ? null : url.origin;
  } catch {
    return null;
  }
}

/**
 * The full-page mode's return address: only a path on this server ("/…", not "//host" or "/\\host",
 * no control characters), normalized; anything else is null. Never an address elsewhere, so the
 * page cannot be used to send people to another site.
 */
export function safeReturnPath(value: unknown, ownOrigin: string): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  if (!value.startsWith('/') || value.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(value)) return null;
  try {
    const url = new URL(value, ownOrigin);
    if (url.origin !== ownOrigin) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/** The return path with one more query parameter (before any fragment). */
export function withQueryParam(path: string, name: string, value: string): string {
  const url = new URL(path, 'http://return.invalid');
  url.searchParams.set(name, value);
  return `${url.pathname}${url.search}${url.hash}`;
}

export function registerSandboxProvider(app: FastifyInstance, deps: SandboxRoutesDeps): void {
  const ancestors = withAncestors(deps.frameAncestors ?? [], []);
  const settings = deps.settings ?? (app.hasDecorator('services') ? app.services.settings : undefined);
  // This page's own policy replaces the app's global one (server/security-headers.ts): only 'self'
  // for scripts, styles and requests, no inline anything, and frameable by the portal.
  const pageSecurity: HelmetOptions = {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'none'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'"],
        connectSrc: ["'self'"],
        formAction: ["'self'"],
        baseUri: ["'none'"],
        objectSrc: ["'none'"],
        frameAncestors: ancestors,
      },
    },
    frameguard: false,
    referrerPolicy: { policy: 'no-referrer' },
  };
  const pagePolicyWith = cspWithFrameAncestors(pageSecurity);
  /**
   * frame-ancestors is checked against every ancestor, and the portal framing this page may itself
   * be framed by a company's page: the pages that may embed the portal of an association paid into
   * the intent's merchant account may frame this one too (a real provider lets each merchant
   * register its own).
   */
  async function allowEmbedders(reply: FastifyReply, merchantAccount: string): Promise<void> {
    const origins = settings ? await merchantEmbeddingOrigins(deps.db, settings, merchantAccount) : [];
    if (origins.length > 0) reply.header('content-security-policy', pagePolicyWith(withAncestors(ancestors, origins)));
  }

  app.get('/sandbox-provider/entry.js', async (_request, reply) => {
    reply.header('cache-control', 'no-cache').type('text/javascript; charset=utf-8');
    return ENTRY_JS;
  });
  app.get('/sandbox-provider/entry.css', async (_request, reply) => {
    reply.header('cache-control', 'no-cache').type('text/css; charset=utf-8');
    return ENTRY_CSS;
  });

  app.get<{ Params: { setupIntentId: string }; Querystring: Record<string, string | undefined> }>(
    '/sandbox-provider/entry/:setupIntentId',
    { config: { securityHeaders: pageSecurity } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const q = request.query ?? {};
      const secret = typeof q.secret === 'string' ? q.secret : '';
      const own = serverOrigin(request);
      // Full-page mode: the return address must be a path on this server.
      const returnPath = q.return === undefined ? null : own ? safeReturnPath(q.return, own) : null;
      if (q.return !== undefined && !returnPath) return messagePage(reply, 400, 'This return address is not allowed', 'This entry page can only return to the payment portal. Start again from the payment page.');
      const intent = secret ? await findIntentForEntry(deps, request.params.setupIntentId, secret) : null;
      if (!intent) return messagePage(reply, 404, 'This link is not valid', 'This card or bank entry link is not valid. Close this and start again from the payment page.');
      await allowEmbedders(reply, intent.merchant_account);
      if (q.kind !== undefined && q.kind !== intent.kind) return messagePage(reply, 400, 'Wrong kind of entry', `This link is for entering a ${intent.kind === 'card' ? 'card' : 'bank account'}.`);
      const origin = q.origin === undefined || q.origin === '' ? own : normalizeOrigin(q.origin);
      // For now the parent must be the portal itself (same origin as this server).
      if (!origin || origin !== own) return messagePage(reply, 400, 'This page cannot be shown here', 'This entry page can only be opened from the payment portal.');
      if (intent.status !== 'pending') return messagePage(reply, 409, 'Details already saved', 'These details were already saved. Start again from the payment page to enter others.');
      if (new Date(intent.expires_at).getTime() <= deps.clock().getTime()) return messagePage(reply, 410, 'This link has expired', 'This entry link has expired. Start again from the payment page.');
      reply.code(200).type('text/html; charset=utf-8');
      const chargeCents = intent.charge_cents === null ? null : Number(intent.charge_cents);
      return entryPage({ setupIntentId: intent.id, secret, kind: intent.kind, origin, returnPath, chargeCents });
    },
  );

  app.post<{ Params: { setupIntentId: string } }>('/sandbox-provider/api/setup-intents/:setupIntentId/attach', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const body = request.body;
    if (!body || typeof body !== 'object' || Array.isArray(body)) {
      return reply.code(400).send({ error: { type: 'invalid_request_error', code: 'invalid_request', message: 'Send the details as a JSON object.' } });
    }
    try {
      const method = await attachMethod(deps, request.params.setupIntentId, body as Record<string, unknown>);
      return reply.code(200).send({ setupIntentId: request.params.setupIntentId, status: 'succeeded', method });
    } catch (error) {
      if (error instanceof SandboxProviderError) {
        const payload: Record<string, unknown> = { type: 'invalid_request_error', code: error.code, message: error.message };
        if (error.fields) payload.fields = error.fields;
        return reply.code(error.status).send({ error: payload });
      }
      throw error;
    }
  });
}

function layout(title: string, main: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)} · Sandbox payments</title>
<link rel="stylesheet" href="/sandbox-provider/entry.css">
</head>
<body>
<main>
${main}
<p class="sandbox-note">Sandbox payment provider: use the published test numbers only. No real money moves.</p>
</main>
</body>
</html>
`;
}

function messagePage(reply: FastifyReply, status: number, title: string, text: string): string {
  reply.code(status).type('text/html; charset=utf-8');
  return layout(title, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(text)}</p>`);
}

function textField(id: string, label: string, attrs: string, hint?: string): string {
  const described = [hint ? `${id}-hint` : '', `${id}-error`].filter(Boolean).join(' ');
  return `<div class="field">
  <label for="${id}">${escapeHtml(label)}</label>
  ${hint ? `<p class="hint" id="${id}-hint">${escapeHtml(hint)}</p>` : ''}
  <input type="text" id="${id}" name="${id}" ${attrs} aria-describedby="${described}" required>
  <p class="error" id="${id}-error" hidden></p>
</div>`;
}

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** The submit button says what it does: pays the amount the payment charges at once, or only saves the method. */
export function submitLabel(kind: 'card' | 'bank', chargeCents: number | null): string {
  if (chargeCents !== null && chargeCents > 0) return `Pay ${dollars.format(chargeCents / 100)}`;
  return `Save ${kind === 'card' ? 'card' : 'bank account'}`;
}

function entryPage(p: { setupIntentId: string; secret: string; kind: 'card' | 'bank'; origin: string; returnPath: string | null; chargeCents: number | null }): string {
  const fields =
    p.kind === 'card'
      ? `${textField('number', 'Card number', 'inputmode="numeric" autocomplete="cc-number" spellcheck="false" maxlength="23"')}
<div class="row">
${textField('expiry', 'Expiry date (MM/YY)', 'inputmode="numeric" autocomplete="cc-exp" placeholder="MM/YY" maxlength="7"')}
${textField('cvc', 'Security code (CVC)', 'inputmode="numeric" autocomplete="cc-csc" maxlength="4"', '3 digits on the back, 4 on the front for American Express')}
</div>
${textField('name', 'Name on card', 'autocomplete="cc-name" maxlength="100"')}`
      : `${textField('routingNumber', 'Routing number', 'inputmode="numeric" autocomplete="off" spellcheck="false" maxlength="9"', '9 digits')}
${textField('accountNumber', 'Account number', 'inputmode="numeric" autocomplete="off" spellcheck="false" maxlength="17"')}
<fieldset aria-describedby="accountType-error">
  <legend>Account type</legend>
  <label><input type="radio" id="accountType-checking" name="accountType" value="checking" checked> Checking</label>
  <label><input type="radio" id="accountType-savings" name="accountType" value="savings"> Savings</label>
  <p class="error" id="accountType-error" hidden></p>
</fieldset>
${textField('holderName', 'Account holder name', 'autocomplete="name" maxlength="100"')}`;
  const title = p.kind === 'card' ? 'Enter your card' : 'Enter your bank account';
  return layout(
    title,
    `<h1>${title}</h1>
<div class="summary" id="error-summary" role="alert" tabindex="-1" hidden><p id="error-summary-text"></p></div>
<p class="done" id="done" role="status" tabindex="-1" hidden></p>
<noscript><p>This page needs JavaScript to save your details.</p></noscript>
<form id="entry-form" novalidate data-setup-intent="${escapeHtml(p.setupIntentId)}" data-secret="${escapeHtml(p.secret)}" data-kind="${p.kind}" data-origin="${escapeHtml(p.origin)}"${p.returnPath ? ` data-return="${escapeHtml(p.returnPath)}"` : ''}>
${fields}
<button type="submit" id="submit">${escapeHtml(submitLabel(p.kind, p.chargeCents))}</button>
</form>${p.returnPath ? `
<p class="cancel" id="cancel"><a href="${escapeHtml(withQueryParam(p.returnPath, 'cancelled', '1'))}">Cancel and return</a></p>` : ''}
<script src="/sandbox-provider/entry.js"></script>`,
  );
}
