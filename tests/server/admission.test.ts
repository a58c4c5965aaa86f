// A request's admission (server/admission.ts): the authorization guard's checks and the features of
// the association it names are answered by one query, and the guard still decides first: a request
// out of the caller's scope is refused as such even where the feature is off. PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../server/db/index.ts';
import { BACKENDS, DEMO, signIn, testApp, useTestDatabase } from './helpers.ts';
import { guestSession, setup, subLedgerId } from './payments-helpers.ts';
import { associationId } from './billing-helpers.ts';

/** The database as it is, noting the text of every query made outside a transaction. */
function noting(db: Db, seen: string[]): Db {
  return {
    kind: db.kind,
    query: (sql, params) => {
      seen.push(sql);
      return db.query(sql, params);
    },
    exec: (sql) => db.exec(sql),
    transaction: (fn) => db.transaction(fn),
    close: () => db.close(),
  };
}

/** The error code of a refused answer. */
const errorCodeOf = (answer: { data?: unknown }) => (answer.data as { errorCode?: string } | undefined)?.errorCode;

const GUARD_COLUMN = /\bAS c0\b/;
const FEATURE_COLUMNS = /FROM \(SELECT 1\) one/;

describe.each(BACKENDS)('admitting a request on %s', (kind) => {
  const database = useTestDatabase(kind);
  const seen: string[] = [];
  let app: FastifyInstance;
  let guest: string;
  let ownLedger: number;
  let otherLedger: number;
  let maple: number;
  let companyId: number;
  let managerId: number;

  beforeAll(async () => {
    app = await testApp(noting(database.current.db, seen), { sandboxProvider: true });
    maple = await associationId(database.current.db, 'maplegrove');
    companyId = Number((await database.current.db.query<{ id: number }>('SELECT management_company_id AS id FROM associations WHERE id = $1', [maple])).rows[0].id);
    managerId = (await signIn(app, DEMO.manager)).userId;
    guest = await guestSession(app, '100234', '30301', 'guest-admission@example.org');
    ownLedger = await subLedgerId(database.current.db, '100234');
    otherLedger = await subLedgerId(database.current.db, '100235');
  });

  afterAll(async () => {
    await app?.close();
  });

  const switchCardPayments = async (on: boolean) => {
    const change = on ? ({ kind: 'clear' } as const) : ({ kind: 'set', value: false } as const);
    await app.services.settings.change({ companyId, associationId: maple }, 'cardPayments', change, { userId: managerId, ip: '127.0.0.1' });
  };

  /** The queries a guest's card payment Setup makes for its admission, and its answer. */
  const admissionOf = async (subLedger: number) => {
    seen.length = 0;
    const answer = await setup(app, guest, { subLedgerId: subLedger, amountCents: 100, methodKind: 'card' });
    return { answer, queries: seen.filter((sql) => GUARD_COLUMN.test(sql) || FEATURE_COLUMNS.test(sql)) };
  };

  it('asks the guard and the features in one query, and the payment goes on', async () => {
    const { answer, queries } = await admissionOf(ownLedger);
    expect(answer.status, JSON.stringify(answer.data)).toBe(201);
    expect(queries).toHaveLength(1);
    expect(queries[0]).toMatch(GUARD_COLUMN);
    expect(queries[0]).toMatch(FEATURE_COLUMNS);
  });

  it('refuses the feature switched off, in that one query, before the handler changes anything', async () => {
    await switchCardPayments(false);
    try {
      const payments = async () => Number((await database.current.db.query<{ n: number }>('SELECT count(*)::integer AS n FROM payments')).rows[0].n);
      const before = await payments();
      const { answer, queries } = await admissionOf(ownLedger);
      expect(answer.status, JSON.stringify(answer.data)).toBe(403);
      expect(errorCodeOf(answer)).toBe('FEA001');
      expect(queries).toHaveLength(1);
      expect(await payments()).toBe(before);
    } finally {
      await switchCardPayments(true);
    }
  });

  it('refuses a sub-ledger out of the guest\'s scope as such, even where the feature is off', async () => {
    await switchCardPayments(false);
    try {
      const { answer } = await admissionOf(otherLedger);
      expect(errorCodeOf(answer)).toBe('GP002');
    } finally {
      await switchCardPayments(true);
    }
    // And with the feature on, the same refusal: the guard decides it, not the feature.
    const { answer } = await admissionOf(otherLedger);
    expect(errorCodeOf(answer)).toBe('GP002');
  });

  it('asks a public operation\'s features alone: it has no guard to ask', async () => {
    seen.length = 0;
    await guestSession(app, '100235', '30301', 'guest-admission-2@example.org');
    const admission = seen.filter((sql) => GUARD_COLUMN.test(sql) || FEATURE_COLUMNS.test(sql));
    expect(admission).toHaveLength(1);
    expect(admission[0]).not.toMatch(GUARD_COLUMN);
  });
});
