// GET /associations/{id}/Reservation: the association's calendar (events and reservations of its
// common areas) between two days, as the caller may see it. PUT /associations/{id}/Reservation/
// {reservationId}: the board's (or management's) decision on a tentative reservation, e-mailed to
// the homeowner who asked for it. Who may call is x-policy's; what each caller sees is decided in
// server/community/calendar.ts (docs/server.md, "Calendar").
import { principalOf, type OperationHandler } from '../types.ts';
import { commonAreasOf } from '../../community/requests-store.ts';
import { communityError } from '../../community/errors.ts';
import { mailReservationDecision } from '../../community/decision-mail.ts';
import { CALENDAR_TIME_ZONE, calendarEntries, calendarViewer, dayRangeOf, reservationEntryOf } from '../../community/calendar.ts';

export const listCalendarEntries: OperationHandler<'listCalendarEntries'> = async (req, services) => {
  const associationId = req.params.id;
  const range = dayRangeOf(req.query.from, req.query.to);
  const viewer = await calendarViewer(services.db, req.caller, associationId);
  const [names, entries, commonAreas] = await Promise.all([
    services.db.query<{ name: string }>('SELECT name FROM associations WHERE id = $1', [associationId]),
    calendarEntries(services.db, associationId, range, viewer),
    viewer.role === 'public' ? Promise.resolve([]) : commonAreasOf(services.db, associationId),
  ]);
  return {
    status: 200,
    body: {
      associationId,
      associationName: names.rows[0].name,
      timeZone: CALENDAR_TIME_ZONE,
      canDecide: viewer.role === 'manager',
      commonAreas,
      entries,
    },
  };
};

interface DecidedRow {
  id: number;
  status: 'tentative' | 'confirmed' | 'declined';
  request_id: number;
}

interface MailRow {
  email: string;
  homeowner_name: string;
  association_name: string;
  area: string;
  subject: string;
  starts_at: Date | string;
  ends_at: Date | string;
  request_id: number | string;
  account_number: string;
}

export const decideReservation: OperationHandler<'decideReservation'> = async (req, services) => {
  const { userId } = principalOf(req);
  const associationId = req.params.id;
  const reservationId = req.params.reservationId;
  const { status } = req.body;
  const note = (req.body.note ?? '').trim() || null;
  const now = services.clock();
  await services.db.transaction(async (tx) => {
    // The row is locked before it is read: of two decisions at once, the second waits and sees the first.
    const { rows } = await tx.query<DecidedRow>(
      `SELECT res.id, res.status, res.request_id FROM reservations res JOIN common_areas ca ON ca.id = res.common_area_id
        WHERE res.id = $1 AND ca.association_id = $2 FOR UPDATE OF res`,
      [reservationId, associationId],
    );
    const row = rows[0];
    if (!row) throw communityError('RSV404');
    if (row.status !== 'tentative') throw communityError('RSV001', `This reservation was already ${row.status}.`);
    await tx.query(`UPDATE reservations SET status = $2, decided_by_user_id = $3, decided_at = $4, decision_note = $5 WHERE id = $1`, [
      reservationId,
      status,
      userId,
      now,
      note,
    ]);
    // The request's status is its reservation's; its activity time moves with the decision.
    await tx.query(`UPDATE homeowner_requests SET updated_at = $2 WHERE id = $1`, [row.request_id, now]);
  });

  const { rows } = await services.db.query<MailRow>(
    `SELECT su.email, su.first_name || ' ' || su.last_name AS homeowner_name, a.name AS association_name, ca.name AS area, r.subject, res.starts_at, res.ends_at,
            r.id AS request_id, ac.account_number
       FROM reservations res
       JOIN common_areas ca ON ca.id = res.common_area_id
       JOIN associations a ON a.id = ca.association_id
       JOIN homeowner_requests r ON r.id = res.request_id
       JOIN accounts ac ON ac.id = r.account_id
       JOIN users su ON su.id = r.submitted_by_user_id
      WHERE res.id = $1`,
    [reservationId],
  );
  const m = rows[0];
  await mailReservationDecision(services, {
    to: m.email,
    requestId: Number(m.request_id),
    accountNumber: m.account_number,
    homeownerName: m.homeowner_name,
    associationName: m.association_name,
    area: m.area,
    subject: m.subject,
    start: new Date(m.starts_at),
    end: new Date(m.ends_at),
    status,
    note,
  });
  // x-policy admitted only the association's board and staff.
  const entry = await reservationEntryOf(services.db, associationId, reservationId, { role: 'manager', userId });
  return { status: 200, body: entry };
};
