import { describe, expect, it } from 'vitest';
import { chosenEntry } from '../../../flows/calendar-entries.ts';
import { createFakeHost, fail, runFlow, trackCoverage } from '../support/flow-harness.ts';

const coverage = trackCoverage('calendar');

// The signed-in calendar: an entry opens in a window; the board decides a tentative reservation.
const tentative = {
  id: 'reservation-7', kind: 'reservation', title: 'Birthday party', start: '2030-01-10T18:00:00.000Z', end: '2030-01-10T21:00:00.000Z',
  allDay: false, status: 'tentative', commonArea: 'Clubhouse', mine: false, requestedBy: 'Jordan Avery', requestId: 12, reservationId: 7, canDecide: true,
};
const meeting = { id: 'event-3', kind: 'event', title: 'Annual meeting', start: '2030-01-15T05:00:00.000Z', end: '2030-01-16T05:00:00.000Z', allDay: true, mine: false, canDecide: false };
const session = { selectedAssociation: { id: 2, name: 'Maple Grove HOA' } };
const start = (answers = {}) => {
  const host = createFakeHost({ answers: { decideReservation: { ...tentative, status: 'confirmed', canDecide: false }, ...answers }, session });
  return { host, flow: runFlow('calendar', host, { coverage }) };
};

describe('chosenEntry', () => {
  it('says what the window shows: a timed reservation with its status, or an all-day event', () => {
    expect(chosenEntry(tentative as never)).toMatchObject({ isReservation: true, hasStatus: true, isTentative: true, timed: true });
    expect(chosenEntry(meeting as never)).toMatchObject({ isReservation: false, hasStatus: false, timed: false });
  });
});

describe('calendar flow', () => {
  it('opens an entry and closes it again without calling anything', async () => {
    const { host, flow } = start();
    flow.send({ type: 'CHOOSE', data: meeting });
    expect(flow.state()).toBe('viewing');
    expect(flow.context().chosen).toMatchObject({ title: 'Annual meeting', timed: false });
    flow.send({ type: 'CLOSE' });
    expect(flow.state()).toBe('browsing');
    expect(flow.context().chosen).toBeNull();
    expect(host.calls).toEqual([]);
  });

  it('sends the decision with its note for the selected association, then closes with a toast', async () => {
    const { host, flow } = start();
    flow.send({ type: 'CHOOSE', data: tentative });
    flow.send({ type: 'DECIDE', data: { status: 'confirmed', note: 'Enjoy!' } });
    await flow.settle();
    expect(host.callsTo('decideReservation')).toEqual([{ params: { id: 2, reservationId: 7 }, body: { status: 'confirmed', note: 'Enjoy!' }, suppressToast: true }]);
    expect(flow.state()).toBe('browsing');
    expect(flow.context().chosen).toBeNull();
    expect(host.toasts).toEqual([expect.objectContaining({ status: 'success', titleKey: 'calendar.decisionSaved' })]);
  });

  it('keeps the window open with the refusal when the decision is refused (already decided)', async () => {
    const { flow } = start({ decideReservation: fail(409, { errorCode: 'RSV001', detail: 'This reservation was already confirmed.' }) });
    flow.send({ type: 'CHOOSE', data: tentative });
    flow.send({ type: 'DECIDE', data: { status: 'declined' } });
    await flow.settle();
    expect(flow.state()).toBe('viewing');
    expect(flow.context().error).toBeTruthy();
    expect(flow.context().chosen).toMatchObject({ reservationId: 7 });
  });
});

it('calendar flow: every state is reached and every operation outcome is taken by a test above', () => {
  expect(coverage.missing()).toEqual([]);
});
