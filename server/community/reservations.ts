// Reservations of common areas, made with a reservation request. A time slot is checked before
// anything is written, and tentative and confirmed reservations of one area never overlap: every
// writer first locks the area's common_areas row, then looks for an overlap, then inserts, so of
// two requests for one slot the second waits for the first and sees it (PGlite has no btree_gist
// for an exclusion constraint; the lock works on both engines).
import type { Queryable } from '../db/index.ts';
import { communityError } from './errors.ts';

export const MAX_RESERVATION_HOURS = 12;

export interface Slot {
  start: Date;
  end: Date;
}

/** The requested times as a slot: in the future, ending after they start, at most 12 hours (400 HRQ003). */
export function slotOf(start: string, end: string, now: Date): Slot {
  const slot = { start: new Date(start), end: new Date(end) };
  if (Number.isNaN(slot.start.getTime()) || Number.isNaN(slot.end.getTime())) throw communityError('HRQ003', 'Enter the start and end as dates and times.');
  if (!(slot.end > slot.start)) throw communityError('HRQ003', 'The reservation must end after it starts.');
  if (!(slot.start > now)) throw communityError('HRQ003', 'The reservation must start in the future.');
  if (slot.end.getTime() - slot.start.getTime() > MAX_RESERVATION_HOURS * 3600_000) {
    throw communityError('HRQ003', `A reservation can last at most ${MAX_RESERVATION_HOURS} hours.`);
  }
  return slot;
}

/**
 * Locks the association's common area until the transaction ends and answers its name: 400 HRQ004
 * when the association has no such area, 409 HRQ005 when the slot overlaps a tentative or
 * confirmed reservation of it.
 */
export async function lockFreeArea(tx: Queryable, associationId: number, commonAreaId: number, slot: Slot): Promise<string> {
  const { rows } = await tx.query<{ name: string }>(`SELECT name FROM common_areas WHERE id = $1 AND association_id = $2 FOR UPDATE`, [
    commonAreaId,
    associationId,
  ]);
  if (!rows[0]) throw communityError('HRQ004');
  const { rows: taken } = await tx.query<{ id: number }>(
    `SELECT id FROM reservations
      WHERE common_area_id = $1 AND status IN ('tentative', 'confirmed') AND starts_at < $3 AND ends_at > $2
      LIMIT 1`,
    [commonAreaId, slot.start, slot.end],
  );
  if (taken[0]) throw communityError('HRQ005', `The ${rows[0].name} is already reserved at that time. Choose another time.`);
  return rows[0].name;
}

export async function insertReservation(tx: Queryable, requestId: number, commonAreaId: number, slot: Slot, now: Date): Promise<void> {
  await tx.query(`INSERT INTO reservations (common_area_id, request_id, starts_at, ends_at, status, created_at) VALUES ($1, $2, $3, $4, 'tentative', $5)`, [
    commonAreaId,
    requestId,
    slot.start,
    slot.end,
    now,
  ]);
}
