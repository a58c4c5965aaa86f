// The company's staff in the console: listed for any staff member; invited, given a role and
// deactivated by an admin (x-policy `admin: self`); an invitation accepted by whoever holds its link.
import type { OperationHandler } from '../types.ts';
import { principalOf } from '../types.ts';
import { companyOf, createInvitation, INVITATION_DAYS, listStaff, staffMemberOf, usableInvitation } from '../../management/staff-store.ts';
import { staffError } from '../../management/staff-errors.ts';
import { originOf, recordAudit } from '../../audit/record.ts';
import { endMimicSessionsOf } from '../../mimic/store.ts';

export const listCompanyStaff: OperationHandler<'listCompanyStaff'> = async (req, services) => {
  const companyId = await companyOf(services.db, principalOf(req).userId);
  return { status: 200, body: await listStaff(services.db, companyId, services.clock()) };
};

export const inviteStaffMember: OperationHandler<'inviteStaffMember'> = async (req, services) => {
  const { userId } = principalOf(req);
  const companyId = await companyOf(services.db, userId);
  const now = services.clock();
  const { rows } = await services.db.query<{ name: string }>('SELECT name FROM management_companies WHERE id = $1', [companyId]);
  const email = req.body.email.trim().toLowerCase();
  const invitation = await services.db.transaction(async (tx) => {
    const created = await createInvitation(tx, { companyId, email, role: req.body.role, invitedBy: userId, now });
    await recordAudit(tx, { companyId, associationId: null, actorUserId: userId, kind: 'staff.invite', key: email, level: null, oldValue: null, newValue: { role: req.body.role }, ...originOf(req) });
    return created;
  });
  const link = services.mailer.link(`/staff-invitation/${invitation.token}`);
  await services.mailer.send({
    to: email,
    subject: `You are invited to ${rows[0].name}'s management console`,
    text:
      `You have been invited to join ${rows[0].name} as ${req.body.role === 'admin' ? 'an admin' : 'a staff member'} of its community portal.\n\n` +
      `Set up your sign-in here (the link works once, for ${INVITATION_DAYS} days):\n${link}\n\nIf you did not expect this, ignore this e-mail.`,
  });
  return { status: 201, body: { email, role: req.body.role, expiresAt: invitation.expiresAt.toISOString() } };
};

export const acceptStaffInvitation: OperationHandler<'acceptStaffInvitation'> = async (req, services) => {
  const now = services.clock();
  const hash = await services.passwords.hash(req.body.password);
  const accepted = await services.db.transaction(async (tx) => {
    const invitation = await usableInvitation(tx, req.body.invitation, now);
    const existing = await tx.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [invitation.email]);
    let userId: number;
    if (existing.rows.length > 0) {
      // A former staff member of this company (createInvitation refused anyone else): back, with the new sign-in.
      userId = Number(existing.rows[0].id);
      const back = await tx.query(
        `UPDATE management_staff s SET deactivated_at = NULL, role = $2 FROM users u
          WHERE s.user_id = u.id AND u.id = $1 AND u.management_company_id = $3 AND s.deactivated_at IS NOT NULL`,
        [userId, invitation.role, invitation.management_company_id],
      );
      if (back.rowCount === 0) throw staffError('STF002');
      await tx.query('UPDATE users SET password_hash = $2, first_name = $3, last_name = $4, password_changed_at = $5 WHERE id = $1', [
        userId,
        hash,
        req.body.firstName.trim(),
        req.body.lastName.trim(),
        now,
      ]);
    } else {
      userId = Number(
        (
          await tx.query<{ id: number }>(
            `INSERT INTO users (management_company_id, email, password_hash, first_name, last_name) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
            [invitation.management_company_id, invitation.email, hash, req.body.firstName.trim(), req.body.lastName.trim()],
          )
        ).rows[0].id,
      );
      await tx.query('INSERT INTO management_staff (user_id, role, created_at) VALUES ($1, $2, $3)', [userId, invitation.role, now]);
    }
    await tx.query('UPDATE staff_invitations SET accepted_at = $2, accepted_user_id = $3 WHERE id = $1', [invitation.id, now, userId]);
    await recordAudit(tx, { companyId: invitation.management_company_id, associationId: null, actorUserId: userId, kind: 'staff.join', key: invitation.email, level: null, oldValue: null, newValue: { role: invitation.role }, ...originOf(req) });
    return { email: invitation.email, company: invitation.company_name, role: invitation.role };
  });
  return { status: 200, body: accepted };
};

export const updateStaffMember: OperationHandler<'updateStaffMember'> = async (req, services) => {
  const { userId } = principalOf(req);
  const target = req.params.userId;
  if (target === userId) throw staffError('STF004');
  const companyId = await companyOf(services.db, userId);
  const now = services.clock();
  const ended = await services.db.transaction(async (tx) => {
    const member = await staffMemberOf(tx, companyId, target);
    const audit = (kind: string, oldValue: unknown, newValue: unknown) =>
      recordAudit(tx, { companyId, associationId: null, actorUserId: userId, kind, key: member.email, level: null, oldValue, newValue, ...originOf(req) });
    if (req.body.role !== undefined && req.body.role !== member.role) {
      await tx.query('UPDATE management_staff SET role = $2 WHERE user_id = $1', [target, req.body.role]);
      await audit('staff.role', member.role, req.body.role);
    }
    // The grant taken away (or the staff member deactivated): their mimic sessions going on end now.
    let mimicSessions: string[] = [];
    if (req.body.mimic !== undefined && req.body.mimic !== member.mimic) {
      await tx.query('UPDATE management_staff SET can_mimic = $2 WHERE user_id = $1', [target, req.body.mimic]);
      await audit('staff.mimic', member.mimic, req.body.mimic);
      if (!req.body.mimic) mimicSessions = await endMimicSessionsOf(tx, target, services.realClock());
    }
    // Read on every write of their mimic sessions (server/mimic/guard.ts): taken away, it holds at once.
    if (req.body.actOnBehalf !== undefined && req.body.actOnBehalf !== member.actOnBehalf) {
      await tx.query('UPDATE management_staff SET can_act_on_behalf = $2 WHERE user_id = $1', [target, req.body.actOnBehalf]);
      await audit('staff.actOnBehalf', member.actOnBehalf, req.body.actOnBehalf);
    }
    if (req.body.active === false && member.active) {
      await tx.query('UPDATE management_staff SET deactivated_at = $2 WHERE user_id = $1', [target, now]);
      await audit('staff.deactivate', true, false);
      return { all: true, mimicSessions: [...mimicSessions, ...(await endMimicSessionsOf(tx, target, services.realClock()))] };
    }
    if (req.body.active === true && !member.active) {
      await tx.query('UPDATE management_staff SET deactivated_at = NULL WHERE user_id = $1', [target]);
      await audit('staff.reactivate', false, true);
    }
    return { all: false, mimicSessions };
  });
  // Deactivated: every session of theirs ends at once, on every instance.
  if (ended.all) await services.sessions.endAllOf(target);
  for (const sessionId of ended.mimicSessions) await services.sessions.end(sessionId);
  const { staff } = await listStaff(services.db, companyId, now);
  return { status: 200, body: staff.find((s) => s.userId === target)! };
};
