// Homeowner requests: GET/POST /HomeownerRequests, GET /HomeownerRequests/Options,
// GET /HomeownerRequests/{id}, POST /HomeownerRequests/{id}/Reply. A request is made on one of the
// caller's accounts: general, architectural (kept with what the board's review needs: type, step
// 'submitted', due in 30 days) or reservation (a tentative reservation of a common area, refused
// when the slot is taken). The account's owner and the association's management staff see it and
// reply; management's replies are e-mailed to the homeowner.
import { principalOf, type OperationHandler } from '../types.ts';
import { addDays, appDate } from '../../payments/billing.ts';
import { communityError } from '../../community/errors.ts';
import { mailManagementAnswer } from '../../community/notify.ts';
import { requiredText } from '../../community/threads.ts';
import { insertReservation, lockFreeArea, slotOf, type Slot } from '../../community/reservations.ts';
import { associationsWithout } from '../../features/filter.ts';
import { featureOff } from '../../features/errors.ts';
import {
  ARCHITECTURAL_TYPES,
  REQUEST_KINDS,
  accountFor,
  addReply,
  commonAreasOf,
  listRequests,
  lockRequestHead,
  REQUEST_PERIODS,
  requestView,
} from '../../community/requests-store.ts';

/** Days the board has for an architectural request. */
const ARCHITECTURAL_REVIEW_DAYS = 30;

export const listHomeownerRequests: OperationHandler<'listHomeownerRequests'> = async (req, services) => {
  const { userId } = principalOf(req);
  const requests = await listRequests(services.db, userId, {
    within: REQUEST_PERIODS[req.query.period ?? 'last36Months'],
    associationId: req.query.associationId ?? null,
    now: services.clock(),
  });
  return { status: 200, body: { requests } };
};

export const getHomeownerRequest: OperationHandler<'getHomeownerRequest'> = async (req, services) => {
  return { status: 200, body: await requestView(services.db, req.params.id) };
};

export const getHomeownerRequestOptions: OperationHandler<'getHomeownerRequestOptions'> = async (req, services) => {
  const account = await accountFor(services.db, req.query.accountNumber);
  // Reservations are a request kind only where the association has calendar reservations on.
  const reserves = !(await associationsWithout(services.db, services.settings, 'calendarReservations', [account.associationId])).has(account.associationId);
  return {
    status: 200,
    body: {
      kinds: REQUEST_KINDS.filter((kind) => reserves || kind !== 'reservation'),
      commonAreas: reserves ? await commonAreasOf(services.db, account.associationId) : [],
      architecturalTypes: [...ARCHITECTURAL_TYPES],
    },
  };
};

export const createHomeownerRequest: OperationHandler<'createHomeownerRequest'> = async (req, services) => {
  const { userId } = principalOf(req);
  const body = req.body;
  const now = services.clock();
  const subject = requiredText(body.subject, () => communityError('HRQ001'));
  const description = requiredText(body.description, () => communityError('HRQ001', 'Description is required.'));
  if (body.kind === 'architectural' && body.architecturalType === undefined) throw communityError('HRQ002', 'Choose the type of architectural request.');
  if (body.kind !== 'architectural' && body.architecturalType !== undefined) throw communityError('HRQ002', 'Only an architectural request has a type.');
  if (body.kind === 'reservation' && body.reservation === undefined) throw communityError('HRQ002', 'Choose a common area and the start and end of the reservation.');
  if (body.kind !== 'reservation' && body.reservation !== undefined) throw communityError('HRQ002', 'Only a reservation request reserves a common area.');
  const slot: Slot | null = body.reservation ? slotOf(body.reservation.start, body.reservation.end, now) : null;

  const id = await services.db.transaction(async (tx) => {
    const account = await accountFor(tx, body.accountNumber);
    if (body.kind === 'reservation' && (await associationsWithout(tx, services.settings, 'calendarReservations', [account.associationId])).has(account.associationId)) {
      throw featureOff('calendarReservations', null);
    }
    // The area is locked and checked before anything is written.
    if (body.reservation && slot) await lockFreeArea(tx, account.associationId, body.reservation.commonAreaId, slot);
    const architectural = body.kind === 'architectural';
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO homeowner_requests (account_id, association_id, submitted_by_user_id, kind, subject, description, status, submitted_at, updated_at,
                                       architectural_type, architectural_step, due_date, acted_by_user_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9, $10, $11, $12) RETURNING id`,
      [
        account.id,
        account.associationId,
        userId,
        body.kind,
        subject,
        description,
        body.kind === 'reservation' ? null : 'open',
        now,
        architectural ? body.architecturalType : null,
        architectural ? 'submitted' : null,
        architectural ? addDays(appDate(now), ARCHITECTURAL_REVIEW_DAYS) : null,
        // In mimic mode, the staff member who made it on the owner's behalf.
        principalOf(req).actor?.userId ?? null,
      ],
    );
    const requestId = Number(rows[0].id);
    if (body.reservation && slot) await insertReservation(tx, requestId, body.reservation.commonAreaId, slot, now);
    return requestId;
  });
  return { status: 201, body: await requestView(services.db, id) };
};

export const replyToHomeownerRequest: OperationHandler<'replyToHomeownerRequest'> = async (req, services) => {
  const { userId } = principalOf(req);
  const text = requiredText(req.body.body, () => communityError('MSG001'));
  const now = services.clock();
  const head = await services.db.transaction(async (tx) => {
    const locked = await lockRequestHead(tx, req.params.id);
    // x-policy admitted the account's owner or the association's staff: anyone but the owner is management.
    await addReply(tx, locked.id, userId, locked.homeownerUserId !== userId, text, now, principalOf(req).actor?.userId ?? null);
    return locked;
  });
  if (head.homeownerUserId !== userId) {
    await mailManagementAnswer(services, {
      to: head.homeownerEmail,
      homeownerName: head.homeownerName,
      associationName: head.associationName,
      subject: head.subject,
      body: text,
      link: `/community/requests/${head.id}`,
      accountNumber: head.accountNumber,
      what: 'request',
    });
  }
  return { status: 201, body: await requestView(services.db, head.id) };
};
