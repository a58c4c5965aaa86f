// Mimic sessions (migration 300, docs/server.md "Mimic mode"): a staff member holding the mimic
// grant sees the portal as one of the company's people, read-only, for at most 30 minutes. Each is
// a row of `sessions` too (the token's sid), so that ending it, or its expiry, is what ends any
// sign-in session; the owner's own sessions are never touched. The new tab gets its token through
// a single-use handover code, of which only the SHA-256 hash is kept. Every time here is real time
// (services.realClock), never the movable app clock: 30 minutes are 30 minutes of the wall clock.
import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/index.ts';
import type { Clock } from '../clock.ts';
import { recordAudit } from '../audit/record.ts';
import { isCompanyPerson } from '../management/people.ts';
import type { ApiError } from '../errors.ts';
import { mimicError } from './errors.ts';

/** How long a mimic session lasts, at most, from its start: it is never extended nor renewed. */
export const MIMIC_MINUTES = 30;
/** How long the handover code is good for, once. */
export const HANDOVER_SECONDS = 60;

const hash = (code: string) => createHash('sha256').update(code).digest('hex');

export interface Origin { ip: string; userAgent: string | null }

/** The staff member's company, when they are active staff holding the mimic grant; MIM002 otherwise. */
async function grantedCompany(tx: Queryable, staffUserId: number): Promise<number> {
  const { rows } = await tx.query<{ company: number; can_mimic: boolean }>(
    `SELECT u.management_company_id AS company, s.can_mimic FROM management_staff s JOIN users u ON u.id = s.user_id
      WHERE s.user_id = $1 AND s.deactivated_at IS NULL`,
    [staffUserId],
  );
  if (!rows[0]?.can_mimic) throw mimicError('MIM002');
  return Number(rows[0].company);
}

/**
 * Starts a mimic session of staff member `staffUserId` over person `ownerUserId` (one of the staff
 * member's company's people: 404 PPL001 otherwise), recorded in the trail; answers the handover code.
 */
export async function startMimicSession(
  tx: Queryable,
  input: { staffUserId: number; ownerUserId: number; reason: string; now: Date; origin: Origin; personNotFound: () => ApiError },
): Promise<{ handoverCode: string; expiresAt: Date }> {
  const reason = input.reason.trim();
  if (reason.length < 10) throw mimicError('MIM007');
  const company = await grantedCompany(tx, input.staffUserId);
  if (!(await isCompanyPerson(tx, company, input.ownerUserId))) throw input.personNotFound();
  const sessionId = randomBytes(16).toString('base64url');
  const handoverCode = randomBytes(32).toString('base64url');
  const expiresAt = new Date(input.now.getTime() + MIMIC_MINUTES * 60_000);
  await tx.query('INSERT INTO sessions (id, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)', [sessionId, input.ownerUserId, input.now, expiresAt]);
  const { rows } = await tx.query<{ id: number; email: string }>(
    `INSERT INTO mimic_sessions (session_id, management_company_id, staff_user_id, owner_user_id, reason, started_at, expires_at, handover_hash, handover_expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     RETURNING id, (SELECT email FROM users WHERE id = $4) AS email`,
    [sessionId, company, input.staffUserId, input.ownerUserId, reason, input.now, expiresAt, hash(handoverCode), new Date(input.now.getTime() + HANDOVER_SECONDS * 1000)],
  );
  await recordAudit(tx, {
    companyId: company, associationId: null, actorUserId: input.staffUserId, kind: 'mimic.start', key: rows[0].email, level: null,
    oldValue: null, newValue: { mimicId: Number(rows[0].id), ownerUserId: input.ownerUserId, reason, expiresAt: expiresAt.toISOString() },
    ip: input.origin.ip, userAgent: input.origin.userAgent,
  });
  return { handoverCode, expiresAt };
}

export interface ClaimedMimic {
  mimicId: number;
  sessionId: string;
  ownerUserId: number;
  ownerCompanyCode: string;
  staffUserId: number;
  expiresAt: Date;
}

/** The session a handover code names, used up; MIM004 for a code used, too old, or of a session over. */
export async function claimMimicSession(tx: Queryable, code: string, now: Date): Promise<ClaimedMimic> {
  const { rows } = await tx.query<{ id: number; session_id: string; owner_user_id: number; staff_user_id: number; expires_at: Date; code: string }>(
    `UPDATE mimic_sessions m SET handed_over_at = $2, handover_hash = NULL
       FROM users u JOIN management_companies c ON c.id = u.management_company_id
      WHERE m.handover_hash = $1 AND m.handover_expires_at > $2 AND m.ended_at IS NULL AND m.expires_at > $2 AND u.id = m.owner_user_id
      RETURNING m.id, m.session_id, m.owner_user_id, m.staff_user_id, m.expires_at, c.code`,
    [hash(code), now],
  );
  const row = rows[0];
  if (!row) throw mimicError('MIM004');
  return {
    mimicId: Number(row.id), sessionId: row.session_id, ownerUserId: Number(row.owner_user_id), ownerCompanyCode: row.code,
    staffUserId: Number(row.staff_user_id), expiresAt: new Date(row.expires_at),
  };
}

export interface MimicSessionView {
  ownerName: string;
  staffName: string;
  companyName: string;
  startedAt: string;
  expiresAt: string;
  actOnBehalf: boolean;
}

/** Mimic session `mimicId` as its banner shows it; null when it is no longer going on. */
export async function mimicSessionView(db: Queryable, mimicId: number, now: Date): Promise<MimicSessionView | null> {
  const { rows } = await db.query<{ owner: string; staff: string; company: string; started_at: Date; expires_at: Date; acting: boolean }>(
    `SELECT o.first_name || ' ' || o.last_name AS owner, s.first_name || ' ' || s.last_name AS staff, c.name AS company, m.started_at, m.expires_at,
            g.can_mimic AND g.can_act_on_behalf AS acting
       FROM mimic_sessions m JOIN users o ON o.id = m.owner_user_id JOIN users s ON s.id = m.staff_user_id
       JOIN management_staff g ON g.user_id = m.staff_user_id
       JOIN management_companies c ON c.id = m.management_company_id
      WHERE m.id = $1 AND m.ended_at IS NULL AND m.expires_at > $2`,
    [mimicId, now],
  );
  const row = rows[0];
  return row && { ownerName: row.owner, staffName: row.staff, companyName: row.company, startedAt: new Date(row.started_at).toISOString(), expiresAt: new Date(row.expires_at).toISOString(), actOnBehalf: row.acting };
}

/**
 * Ends mimic session `mimicId` (End, or signing out of it), recorded in the trail; false when it was
 * over already. The caller ends the sign-in session (sessions.end) once this has committed.
 */
export async function endMimicSession(tx: Queryable, mimicId: number, now: Date, origin: Origin): Promise<{ sessionId: string } | null> {
  const { rows } = await tx.query<{ session_id: string; company: number; staff: number; owner: number; email: string; started_at: Date }>(
    `UPDATE mimic_sessions m SET ended_at = $2 FROM users u
      WHERE m.id = $1 AND m.ended_at IS NULL AND m.expires_at > $2 AND u.id = m.owner_user_id
      RETURNING m.session_id, m.management_company_id AS company, m.staff_user_id AS staff, m.owner_user_id AS owner, u.email, m.started_at`,
    [mimicId, now],
  );
  const row = rows[0];
  if (!row) return null;
  await recordAudit(tx, {
    companyId: Number(row.company), associationId: null, actorUserId: Number(row.staff), kind: 'mimic.end', key: row.email, level: null,
    oldValue: null, newValue: { mimicId, ownerUserId: Number(row.owner), minutes: minutesBetween(new Date(row.started_at), now) },
    ip: origin.ip, userAgent: origin.userAgent,
  });
  return { sessionId: row.session_id };
}

export interface MimicAttempt {
  operationId: string;
  method: string;
  path: string;
  /** A write that went through: its answer's status. */
  status?: number;
}

/**
 * A write in mimic session `mimicId`, in the trail: refused (`mimic.refused`) or made on the owner's
 * behalf (`mimic.write`), with the staff member as the actor and the owner named.
 */
export async function recordMimicAttempt(db: Queryable, mimicId: number, kind: 'mimic.refused' | 'mimic.write', attempt: MimicAttempt, origin: Origin): Promise<void> {
  const { rows } = await db.query<{ company: number; staff: number; owner: number; email: string }>(
    `SELECT m.management_company_id AS company, m.staff_user_id AS staff, m.owner_user_id AS owner, u.email
       FROM mimic_sessions m JOIN users u ON u.id = m.owner_user_id WHERE m.id = $1`,
    [mimicId],
  );
  const row = rows[0];
  if (!row) return;
  await recordAudit(db, {
    companyId: Number(row.company), associationId: null, actorUserId: Number(row.staff), kind, key: row.email, level: null,
    oldValue: null, newValue: { mimicId, ownerUserId: Number(row.owner), ...attempt },
    ip: origin.ip, userAgent: origin.userAgent,
  });
}

/** Whether the staff member of mimic session `mimicId` may, now, act on the owner's behalf. */
export async function actsOnBehalf(db: Queryable, mimicId: number): Promise<boolean> {
  const { rows } = await db.query<{ acting: boolean }>(
    `SELECT s.can_mimic AND s.can_act_on_behalf AND s.deactivated_at IS NULL AS acting
       FROM mimic_sessions m JOIN management_staff s ON s.user_id = m.staff_user_id WHERE m.id = $1`,
    [mimicId],
  );
  return rows[0]?.acting === true;
}

/** Whole minutes from `from` to `to`, at least 1: a visit of a few seconds still counts as one. */
export function minutesBetween(from: Date, to: Date): number {
  return Math.max(1, Math.round((to.getTime() - from.getTime()) / 60_000));
}

export interface MimicVisit {
  staffName: string;
  companyName: string;
  startedAt: string;
  endedAt: string | null;
  minutes: number;
  reason: string;
}

/** The last 100 mimic sessions over owner `ownerUserId`, newest first, as the owner reads them. */
export async function mimicVisitsOf(db: Queryable, ownerUserId: number, clock: Clock): Promise<MimicVisit[]> {
  const now = clock();
  const { rows } = await db.query<{ staff: string; company: string; started_at: Date; expires_at: Date; ended_at: Date | null; reason: string }>(
    `SELECT s.first_name || ' ' || s.last_name AS staff, c.name AS company, m.started_at, m.expires_at, m.ended_at, m.reason
       FROM mimic_sessions m JOIN users s ON s.id = m.staff_user_id JOIN management_companies c ON c.id = m.management_company_id
      WHERE m.owner_user_id = $1 AND m.handed_over_at IS NOT NULL
      ORDER BY m.started_at DESC, m.id DESC LIMIT 100`,
    [ownerUserId],
  );
  return rows.map((row) => {
    const started = new Date(row.started_at);
    // Ended by End, or by its 30 minutes running out; still going on, up to now.
    const over = row.ended_at ? new Date(row.ended_at) : new Date(row.expires_at) <= now ? new Date(row.expires_at) : null;
    return {
      staffName: row.staff, companyName: row.company, startedAt: started.toISOString(), endedAt: over ? over.toISOString() : null,
      minutes: minutesBetween(started, over ?? now), reason: row.reason,
    };
  });
}

/**
 * Ends every mimic session of staff member `staffUserId` going on (the grant taken away, or the
 * staff member deactivated); answers their sign-in sessions, which the caller ends once committed.
 */
export async function endMimicSessionsOf(tx: Queryable, staffUserId: number, now: Date): Promise<string[]> {
  const { rows } = await tx.query<{ session_id: string }>(
    `UPDATE mimic_sessions SET ended_at = $2 WHERE staff_user_id = $1 AND ended_at IS NULL AND expires_at > $2 RETURNING session_id`,
    [staffUserId, now],
  );
  return rows.map((row) => row.session_id);
}

/** When mimic session `mimicId` ends at the latest. */
export async function mimicExpiry(db: Queryable, mimicId: number): Promise<Date> {
  const { rows } = await db.query<{ expires_at: Date }>('SELECT expires_at FROM mimic_sessions WHERE id = $1', [mimicId]);
  return new Date(rows[0].expires_at);
}
