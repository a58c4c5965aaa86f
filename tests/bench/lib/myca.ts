// The MyCA figures (docs/bench.md, "MyCA figures"): the golden set (tests/myca/golden.yaml) asked
// through MyCA's whole answer pipeline (makeAnswer, server/myca/answer.ts, with no language model:
// the extractive answer) on an in-process PGlite holding the demo data, as the demo homeowner or
// board member; its answers scored by lib/myca-budgets.ts. Then the library is grown to 50
// documents (lib/myca-library.ts) and every golden question is timed. No PostgreSQL, no server.
import { join } from 'node:path';
import { openPglite, type Db } from '../../../server/db/index.ts';
import { migrate } from '../../../server/db/migrate.ts';
import { createPasswordHasher } from '../../../server/auth/passwords.ts';
import { DEMO_USERS, seedDemo } from '../../../server/demo/seed.ts';
import { indexContentPassages } from '../../../server/myca/content.ts';
import { makeAnswer } from '../../../server/myca/answer.ts';
import { retrievePassages, type RetrievedPassage } from '../../../server/myca/retrieve.ts';
import type { ShownCitation, Turn } from '../../../server/myca/conversations.ts';
import { readablePermissions, type DocumentPermission } from '../../../server/authz/document-access.ts';
import { loadGolden, type GoldenQuestion } from '../../myca/golden.ts';
import { growLibrary } from './myca-library.ts';
import { percentile, scoreAnswers, type AskedEntry, type Asker, type MycaScore, type ScoredAnswer } from './myca-budgets.ts';

/** The library myca.answer.p95 is timed on: Maple Grove's documents, grown to this many. */
export const LIBRARY_DOCUMENTS = 50;
/** Each golden question is timed this many times. */
export const TIMED_ROUNDS = 3;
/** Password hashing as cheap as the server tests make it: the bench signs nobody in. */
const HASH_COST = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

/** Who asks: the demo homeowner or the demo board member, reading what their level may. */
const ASKERS: Record<Asker, { email: string; permissions: DocumentPermission[] }> = {
  homeowner: { email: DEMO_USERS.homeowner.email, permissions: readablePermissions('owners') },
  board: { email: DEMO_USERS.board.email, permissions: readablePermissions('board') },
};

export interface MycaResult {
  /** The golden set's answers on the demo library as seeded: the cite, refusal and leak figures. */
  score: MycaScore;
  /** The first timed round's answers on the grown library, scored the same way (reported, not budgeted; its leaks count). */
  grown: MycaScore;
  /** myca.board.leaks: the leaks of both. */
  leaks: string[];
  /** Each timed makeAnswer, ms (every golden question TIMED_ROUNDS times on the grown library). */
  times: number[];
  p50: number;
  p95: number;
  /** How many questions one round asks (the golden entries, the board-only ones twice). */
  asks: number;
  documents: { seeded: number; added: number };
  seconds: { setup: number; scored: number; grown: number; timed: number };
}

interface Asking {
  db: Db;
  associationId: number;
  associationName: string;
  userIds: Record<Asker, number>;
  now: Date;
}

/** Every entry as its asker; a board-only entry also as a board member, who may read what it cites (golden.yaml's header). */
function asksOf(golden: GoldenQuestion[]): Array<{ entry: GoldenQuestion; asker: Asker }> {
  return golden.flatMap((entry) => [
    { entry, asker: entry.asker },
    ...(entry.boardOnly && entry.asker !== 'board' ? [{ entry, asker: 'board' as const }] : []),
  ]);
}

/** A retrieved passage as the answer would cite it (answer.ts's citationOf): a document's file name and page, an entry's heading, an event's title. */
const asCitation = (passage: RetrievedPassage, index: number): ShownCitation => ({
  ref: index + 1, kind: passage.kind, title: (passage.kind === 'document' ? passage.documentName : passage.title) ?? passage.kind,
  ...(passage.kind === 'document' && passage.page !== null ? { page: passage.page } : {}), href: '',
});

/**
 * One entry as a conversation asks it: its followUp questions first, their questions and answers
 * the history of the next; the question's makeAnswer timed. `retrieval`: also what retrieval alone
 * gives the question (untimed), for the miss lines.
 */
async function askEntry(asking: Asking, entry: GoldenQuestion, asker: Asker, retrieval = false): Promise<{ asked: AskedEntry; ms: number }> {
  const ask = (question: string, history: Turn[]) => makeAnswer(asking.db, {
    associationId: asking.associationId, associationName: asking.associationName, permissions: ASKERS[asker].permissions,
    userId: asking.userIds[asker], question, history, model: null, now: asking.now, onDelta: () => undefined,
  });
  const history: Turn[] = [];
  const earlier: ScoredAnswer[] = [];
  for (const question of entry.followUp) {
    const made = await ask(question, [...history]);
    earlier.push(made);
    history.push({ question, answer: made.text });
  }
  const started = performance.now();
  const answer = await ask(entry.question, history);
  const ms = performance.now() - started;
  if (!retrieval) return { asked: { entry, asker, answer, earlier }, ms };
  const passages = await retrievePassages(asking.db, {
    associationId: asking.associationId, permissions: ASKERS[asker].permissions, question: entry.question, context: entry.followUp, now: asking.now,
  });
  return { asked: { entry, asker, answer, earlier, retrieved: passages.map(asCitation) }, ms };
}

/** The ids of the association's documents in folders only the board may read. */
async function boardOnlyDocuments(db: Db, associationId: number): Promise<Set<number>> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT d.id FROM documents d JOIN document_folders f ON f.id = d.folder_id WHERE d.association_id = $1 AND f.permission = 'board'`, [associationId]);
  return new Set(rows.map((row) => Number(row.id)));
}

/** A citation of a board-only document: by the document id its preview link names (/document/<association>/<id>/preview). */
const citesBoardOnly = (ids: Set<number>, associationId: number) => (citation: ShownCitation): boolean => {
  if (citation.kind !== 'document') return false;
  const link = /^\/document\/(\d+)\/(\d+)\/preview(?:\?|$)/.exec(citation.href);
  if (!link) throw new Error(`a document citation links to ${citation.href}, not a document's preview`);
  return Number(link[1]) === associationId && ids.has(Number(link[2]));
};

export async function runMycaBench({ root, log }: { root: string; log: (line: string) => void }): Promise<MycaResult> {
  const seconds = { setup: 0, scored: 0, grown: 0, timed: 0 };
  let mark = performance.now();
  const lap = () => {
    const now = performance.now();
    const elapsed = (now - mark) / 1000;
    mark = now;
    return elapsed;
  };
  const golden = loadGolden();
  const now = new Date();
  const db = await openPglite();
  try {
    await migrate(db);
    if (!(await seedDemo(db, createPasswordHasher(HASH_COST), now))) throw new Error('the demo data did not load into a fresh database');
    // What the server does at every start: the FAQ and help as passages (the demo's documents get theirs when seeded).
    await indexContentPassages(db, join(root, 'schemas'));
    const { rows: maple } = await db.query<{ id: number; name: string }>(`SELECT id, name FROM associations WHERE code = 'maplegrove'`);
    if (!maple[0]) throw new Error('the demo data has no Maple Grove');
    const userIds = {} as Record<Asker, number>;
    for (const [asker, { email }] of Object.entries(ASKERS) as Array<[Asker, (typeof ASKERS)[Asker]]>) {
      const { rows } = await db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]);
      if (!rows[0]) throw new Error(`the demo data has no ${email}`);
      userIds[asker] = Number(rows[0].id);
    }
    const asking: Asking = { db, associationId: Number(maple[0].id), associationName: maple[0].name, userIds, now };
    const asks = asksOf(golden);
    seconds.setup = lap();

    const { rows: counted } = await db.query<{ n: number }>('SELECT count(*)::integer AS n FROM documents WHERE association_id = $1', [asking.associationId]);
    const seededBoardOnly = citesBoardOnly(await boardOnlyDocuments(db, asking.associationId), asking.associationId);
    const answered: AskedEntry[] = [];
    for (const { entry, asker } of asks) answered.push((await askEntry(asking, entry, asker, true)).asked);
    const score = scoreAnswers(answered, seededBoardOnly);
    seconds.scored = lap();

    const boardFacts = golden.filter((q) => q.boardOnly).flatMap((q) => q.facts);
    const added = await growLibrary(db, asking.associationId, LIBRARY_DOCUMENTS, boardFacts, now);
    const grownBoardOnly = citesBoardOnly(await boardOnlyDocuments(db, asking.associationId), asking.associationId);
    seconds.grown = lap();
    const { rows: passages } = await db.query<{ documents: number; passages: number; board: number }>(
      `SELECT count(DISTINCT d.id)::integer AS documents, count(p.id)::integer AS passages, count(p.id) FILTER (WHERE f.permission = 'board')::integer AS board
         FROM documents d JOIN document_folders f ON f.id = d.folder_id LEFT JOIN myca_passages p ON p.document_id = d.id WHERE d.association_id = $1`,
      [asking.associationId]);
    log(`myca: Maple Grove's library grown from ${Number(counted[0].n)} to ${Number(counted[0].n) + added} documents in ${seconds.grown.toFixed(1)} s: `
      + `${passages[0].passages} passages, ${passages[0].board} of them board-only`);

    const times: number[] = [];
    let firstRound: AskedEntry[] = [];
    for (let round = 0; round < TIMED_ROUNDS; round++) {
      const roundAnswers: AskedEntry[] = [];
      for (const { entry, asker } of asks) {
        const { asked, ms } = await askEntry(asking, entry, asker, round === 0);
        times.push(ms);
        roundAnswers.push(asked);
      }
      if (round === 0) firstRound = roundAnswers;
    }
    seconds.timed = lap();
    const grown = scoreAnswers(firstRound, grownBoardOnly);
    return {
      score, grown, leaks: [...score.leaks, ...grown.leaks.map((leak) => `${leak} (grown library)`)],
      times, p50: percentile(times, 50), p95: percentile(times, 95), asks: asks.length,
      documents: { seeded: Number(counted[0].n), added }, seconds,
    };
  } finally {
    await db.close();
  }
}
