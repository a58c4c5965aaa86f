// E-mail to the homeowner who asked for a reservation when the board (or management) confirms or
// declines it. Sent after the decision is committed: a mail that fails is logged and the decision
// stays (the calendar and the request show it).
import type { Services } from '../handlers/types.ts';
import { CALENDAR_TIME_ZONE } from './calendar.ts';

export interface ReservationDecision {
  to: string;
  /** The request the reservation was asked for, and its account: the mail links to the request's page. */
  requestId: number;
  accountNumber: string;
  homeownerName: string;
  associationName: string;
  area: string;
  subject: string;
  start: Date;
  end: Date;
  status: 'confirmed' | 'declined';
  note: string | null;
}

const dayFormat = new Intl.DateTimeFormat('en-US', { timeZone: CALENDAR_TIME_ZONE, weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
const timeFormat = new Intl.DateTimeFormat('en-US', { timeZone: CALENDAR_TIME_ZONE, hour: 'numeric', minute: '2-digit' });
// ICU puts a narrow no-break space before AM/PM; plain-text mail gets an ordinary one.
const timeOf = (instant: Date): string => timeFormat.format(instant).replace(/\s/g, ' ');

/** "Sunday, November 29, 2026, from 2:00 PM to 6:00 PM Eastern Time" (both days named when it runs past midnight). */
export function reservationTimeText(start: Date, end: Date): string {
  const firstDay = dayFormat.format(start);
  const lastDay = dayFormat.format(end);
  const span =
    firstDay === lastDay
      ? `${firstDay}, from ${timeOf(start)} to ${timeOf(end)}`
      : `${firstDay}, ${timeOf(start)}, to ${lastDay}, ${timeOf(end)}`;
  return `${span} Eastern Time`;
}

export async function mailReservationDecision(services: Services, decision: ReservationDecision): Promise<void> {
  const when = reservationTimeText(decision.start, decision.end);
  try {
    await services.mailer.send({
      to: decision.to,
      subject: `Your reservation of the ${decision.area} was ${decision.status}`,
      text: [
        `Hello ${decision.homeownerName},`,
        '',
        `${decision.associationName} ${decision.status} your reservation of the ${decision.area} ("${decision.subject}"):`,
        when + '.',
        ...(decision.status === 'declined' ? ['', 'The time is free again; you may ask for another one.'] : []),
        ...(decision.note ? ['', 'Note from the board:', decision.note] : []),
        '',
        `See it in the portal: ${services.mailer.link(`/community/requests/${decision.requestId}`, { accountNumber: decision.accountNumber })}`,
      ].join('\n'),
    });
  } catch (error) {
    services.log.error({ err: error, area: decision.area }, 'reservation decision e-mail failed');
  }
}
