// An association's board in the console: read by any staff of the company that manages it, changed
// by its admins (x-policy names the association, so another company's is 404 before we get here).
// The authorization layer asks board_members at every request, and the portal reads the member's
// board flags at every page load, so each change holds from the member's next request on.
import { randomBytes } from 'node:crypto';
import type { OperationHandler } from '../types.ts';
import { principalOf } from '../types.ts';
import type { Queryable } from '../../db/index.ts';
import { originOf, recordAudit } from '../../audit/record.ts';
import { boardError } from '../../management/board-errors.ts';
import {
  associationOf, boardConflict, candidateFor, listCandidates, listMembers, memberFor, otherChair, userByEmail,
} from '../../management/board-store.ts';

export const getAssociationBoard: OperationHandler<'getAssociationBoard'> = async (req, services) => {
  const { id, code, name } = await associationOf(services.db, req.params.associationId);
  return { status: 200, body: { association: { id, code, name }, members: await listMembers(services.db, id) } };
};

export const listBoardCandidates: OperationHandler<'listBoardCandidates'> = async (req, services) => {
  const association = await associationOf(services.db, req.params.associationId);
  return { status: 200, body: { candidates: await listCandidates(services.db, association.id, association.companyId, req.query.search ?? '') } };
};

/** Runs a change of the board; a unique index refusing it (another admin's change at the same moment) is said as such. */
async function boardChange<T>(tx: () => Promise<T>): Promise<T> {
  try {
    return await tx();
  } catch (error) {
    const conflict = boardConflict(error);
    if (conflict === 'member') throw boardError('BRD003');
    if (conflict === 'chair') throw boardError('BRD004');
    throw error;
  }
}

export const addBoardMember: OperationHandler<'addBoardMember'> = async (req, services) => {
  const actor = principalOf(req).userId;
  const association = await associationOf(services.db, req.params.associationId);
  const now = services.clock();
  const person = req.body.person;
  const email = person?.email.trim().toLowerCase();
  // A new person's sign-in gets a password nobody knows: they choose theirs through "Forgot login".
  const unusableHash = person ? await services.passwords.hash(randomBytes(24).toString('base64url')) : '';
  const added = await boardChange(() =>
    services.db.transaction(async (tx) => {
      let userId: number;
      let created = false;
      if (person && email) {
        const existing = await userByEmail(tx, association.companyId, email);
        if (existing === null) {
          userId = await createPerson(tx, association.companyId, { email, firstName: person.firstName.trim(), lastName: person.lastName.trim(), passwordHash: unusableHash, now });
          created = true;
        } else {
          userId = (await candidateFor(tx, association.id, association.companyId, existing)).userId;
        }
      } else {
        userId = (await candidateFor(tx, association.id, association.companyId, req.body.userId!)).userId;
      }
      await tx.query('INSERT INTO board_members (user_id, association_id, is_chair, added_at) VALUES ($1, $2, false, $3)', [userId, association.id, now]);
      const member = await memberFor(tx, association.id, userId);
      await recordAudit(tx, {
        companyId: association.companyId, associationId: association.id, actorUserId: actor, kind: 'board.add', key: member.email, level: 'association',
        oldValue: null, newValue: { member: true, chair: false, ...(created ? { newSignIn: true } : {}) }, ...originOf(req),
      });
      return { member, created };
    }),
  );
  if (added.created) {
    await services.mailer.send({
      to: added.member.email,
      subject: `You are on the board of ${association.name}`,
      text:
        `${association.name}'s management company has added you to its board on the community portal.\n\n` +
        `To sign in, set your password here with this e-mail address:\n${services.mailer.link('/forgot-login')}\n\n` +
        `If you did not expect this, ignore this e-mail.`,
    });
  }
  return { status: 201, body: added.member };
};

async function createPerson(tx: Queryable, companyId: number, p: { email: string; firstName: string; lastName: string; passwordHash: string; now: Date }): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO users (management_company_id, email, password_hash, first_name, last_name, created_at, password_changed_at)
     VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING id`,
    [companyId, p.email, p.passwordHash, p.firstName, p.lastName, p.now],
  );
  return Number(rows[0].id);
}

export const updateBoardMember: OperationHandler<'updateBoardMember'> = async (req, services) => {
  const actor = principalOf(req).userId;
  const association = await associationOf(services.db, req.params.associationId);
  const chair = req.body.chair;
  const member = await boardChange(() =>
    services.db.transaction(async (tx) => {
      const before = await memberFor(tx, association.id, req.params.userId);
      if (before.chair === chair) return before;
      if (chair) {
        const current = await otherChair(tx, association.id, before.userId);
        if (current !== null) throw boardError('BRD004', `${current} already chairs this board. End their term as chair first: an association has at most one chair.`);
      }
      await tx.query('UPDATE board_members SET is_chair = $3 WHERE association_id = $1 AND user_id = $2', [association.id, before.userId, chair]);
      await recordAudit(tx, {
        companyId: association.companyId, associationId: association.id, actorUserId: actor, kind: 'board.chair', key: before.email, level: 'association',
        oldValue: { chair: before.chair }, newValue: { chair }, ...originOf(req),
      });
      return { ...before, chair };
    }),
  );
  return { status: 200, body: member };
};

export const removeBoardMember: OperationHandler<'removeBoardMember'> = async (req, services) => {
  const actor = principalOf(req).userId;
  const association = await associationOf(services.db, req.params.associationId);
  await services.db.transaction(async (tx) => {
    const before = await memberFor(tx, association.id, req.params.userId);
    await tx.query('DELETE FROM board_members WHERE association_id = $1 AND user_id = $2', [association.id, before.userId]);
    await recordAudit(tx, {
      companyId: association.companyId, associationId: association.id, actorUserId: actor, kind: 'board.remove', key: before.email, level: 'association',
      oldValue: { member: true, chair: before.chair }, newValue: null, ...originOf(req),
    });
  });
  return { status: 204 };
};
