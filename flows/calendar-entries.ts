import type { FlowModule } from '../engine/core/flow/types.ts';
import type { ResponseOf } from './api.ts';

// The calendar (/community/calendar and the public page's): an entry chosen on the calendar as its
// window shows it, with booleans for the lines it chooses by `when`.

type Entry = ResponseOf<'listCalendarEntries'>['entries'][number];

export function chosenEntry(entry: Entry) {
  return {
    ...entry,
    isReservation: entry.kind === 'reservation',
    hasStatus: typeof entry.status === 'string',
    isTentative: entry.status === 'tentative',
    isConfirmed: entry.status === 'confirmed',
    isDeclined: entry.status === 'declined',
    timed: !entry.allDay,
  };
}

/** Shared by the signed-in and the public calendar flows. */
export const calendarEntries: FlowModule = {
  guards: {},
  assigns: {
    chooseCalendarEntry: ({ event }) => ({ chosen: chosenEntry(event.data as Entry) }),
    forgetCalendarEntry: () => ({ chosen: null, decision: null }),
  },
  actors: {},
};
