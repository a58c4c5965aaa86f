// A management company's staff and the invitations to join it. Every function takes the caller's
// company: a row of another company is never read or changed (it is answered as not found).
import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/index.ts';
import { staffError } from './staff-errors.ts';

export type StaffRole = 'admin' | 'staff';
export const INVITATION_DAYS = 7;

export interface StaffMember {
  userId: number;
  email: string;
  firstName: string;
  lastName: string;
  role: StaffRole;
  active: boolean;
  since: string;
  /** Holds the mimic grant (mimic mode). */
  mimic: boolean;
  /** May, in mimic mode, change what the owner could (but what is always refused there). */
  actOnBehalf: boolean;
}

export interface PendingInvitation {
  id: number;
  email: string;
  role: StaffRole;
  invitedAt: string;
  expiresAt: string;
}

export const hashInvitationToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function companyOf(db: Queryable, userId: number): Promise<number> {
  const { rows } = await db.query<{ id: number }>('SELECT management_company_id AS id FROM users WHERE id = $1', [userId]);
  return Number(rows[0].id);
}

export async function listStaff(db: Queryable, companyId: number, now: Date): Promise<{ staff: StaffMember[]; invitations: PendingInvitation[] }> {
  const staff = await db.query<{ user_id: number; email: string; first_name: string; last_name: string; role: StaffRole; deactivated_at: Date | null; created_at: Date; can_mimic: boolean; can_act_on_behalf: boolean }>(
    `SELECT u.id AS user_id, u.email, u.first_name, u.last_name, s.role, s.deactivated_at, s.created_at, s.can_mimic, s.can_act_on_behalf
       FROM management_staff s JOIN users u ON u.id = s.user_id
      WHERE u.management_company_id = $1
      ORDER BY s.deactivated_at IS NOT NULL, u.last_name, u.first_name, u.id`,
    [companyId],
  );
  const invitations = await db.query<{ id: number; email: string; role: StaffRole; created_at: Date; expires_at: Date }>(
    `SELECT id, email, role, created_at, expires_at FROM staff_invitations
      WHERE management_company_id = $1 AND accepted_at IS NULL AND expires_at > $2
      ORDER BY created_at DESC, id DESC`,
    [companyId, now],
  );
  return {
    staff: staff.rows.map((r) => ({
      userId: Number(r.user_id),
      email: r.email,
      firstName: r.first_name,
      lastName: r.last_name,
      role: r.role,
      active: r.deactivated_at === null,
      since: new Date(r.created_at).toISOString(),
      mimic: r.can_mimic,
      actOnBehalf: r.can_act_on_behalf,
    })),
    invitations: invitations.rows.map((r) => ({ id: Number(r.id), email: r.email, role: r.role, invitedAt: new Date(r.created_at).toISOString(), expiresAt: new Date(r.expires_at).toISOString() })),
  };
}

/**
 * Records an invitation and returns its token (only its hash is kept). An e-mail that signs in
 * already is refused, unless it is a deactivated staff member of the same company, whom accepting
 * brings back; an active staff member's e-mail is refused as already on the staff.
 */
export async function createInvitation(db: Queryable, input: { companyId: number; email: string; role: StaffRole; invitedBy: number; now: Date }): Promise<{ token: string; expiresAt: Date }> {
  const email = input.email.trim().toLowerCase();
  const { rows } = await db.query<{ company: number; deactivated_at: Date | null; staff: boolean }>(
    `SELECT u.management_company_id AS company, s.deactivated_at, s.user_id IS NOT NULL AS staff
       FROM users u LEFT JOIN management_staff s ON s.user_id = u.id WHERE u.email = $1`,
    [email],
  );
  const existing = rows[0];
  if (existing) {
    const formerStaffHere = existing.staff && Number(existing.company) === input.companyId && existing.deactivated_at !== null;
    if (existing.staff && Number(existing.company) === input.companyId && existing.deactivated_at === null) throw staffError('STF005');
    if (!formerStaffHere) throw staffError('STF002');
  }
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(input.now.getTime() + INVITATION_DAYS * 24 * 3600 * 1000);
  await db.query(
    `INSERT INTO staff_invitations (management_company_id, email, role, token_hash, invited_by, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [input.companyId, email, input.role, hashInvitationToken(token), input.invitedBy, input.now, expiresAt],
  );
  return { token, expiresAt };
}

export interface InvitationRow {
  id: number;
  management_company_id: number;
  email: string;
  role: StaffRole;
  company_name: string;
}

/** The invitation a token names, while it can still be used (locked for the transaction); STF001 otherwise. */
export async function usableInvitation(tx: Queryable, token: string, now: Date): Promise<InvitationRow> {
  const { rows } = await tx.query<InvitationRow>(
    `SELECT i.id, i.management_company_id, i.email, i.role, c.name AS company_name
       FROM staff_invitations i JOIN management_companies c ON c.id = i.management_company_id
      WHERE i.token_hash = $1 AND i.accepted_at IS NULL AND i.expires_at > $2
      FOR UPDATE OF i`,
    [hashInvitationToken(token), now],
  );
  if (rows.length === 0) throw staffError('STF001');
  return rows[0];
}

/** A staff member of the company (404 STF003 for anyone else), locked for the transaction. */
export async function staffMemberOf(tx: Queryable, companyId: number, userId: number): Promise<{ email: string; role: StaffRole; active: boolean; mimic: boolean; actOnBehalf: boolean }> {
  const { rows } = await tx.query<{ email: string; role: StaffRole; deactivated_at: Date | null; can_mimic: boolean; can_act_on_behalf: boolean }>(
    `SELECT u.email, s.role, s.deactivated_at, s.can_mimic, s.can_act_on_behalf FROM management_staff s JOIN users u ON u.id = s.user_id
      WHERE s.user_id = $1 AND u.management_company_id = $2 FOR UPDATE OF s`,
    [userId, companyId],
  );
  if (rows.length === 0) throw staffError('STF003');
  return { email: rows[0].email, role: rows[0].role, active: rows[0].deactivated_at === null, mimic: rows[0].can_mimic, actOnBehalf: rows[0].can_act_on_behalf };
}
