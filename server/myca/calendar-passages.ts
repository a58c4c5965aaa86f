// A calendar event as a passage the assistant can quote: its title, when (in the portal's business
// time zone, like the calendar itself) and where, then its description. The title leads the first
// sentence so that quoted alone it still says which event it is.
import { CALENDAR_TIME_ZONE } from '../community/calendar.ts';

export interface EventFacts {
  title: string;
  description: string | null;
  location: string | null;
  startsAt: Date;
  /** Exclusive: an all-day event ends at midnight after its last day. */
  endsAt: Date;
  allDay: boolean;
}

const dayFormat = new Intl.DateTimeFormat('en-US', { timeZone: CALENDAR_TIME_ZONE, weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });
const timeFormat = new Intl.DateTimeFormat('en-US', { timeZone: CALENDAR_TIME_ZONE, hour: 'numeric', minute: '2-digit' });

/** "Thursday, March 12, 2026, 7:00 PM to 8:30 PM Eastern Time"; all day: "Friday, March 27, 2026 to Saturday, March 28, 2026 (all day)". */
export function eventWhen(e: Pick<EventFacts, 'startsAt' | 'endsAt' | 'allDay'>): string {
  const firstDay = dayFormat.format(e.startsAt);
  if (e.allDay) {
    const lastDay = dayFormat.format(new Date(e.endsAt.getTime() - 1));
    return lastDay === firstDay ? `${firstDay} (all day)` : `${firstDay} to ${lastDay} (all day)`;
  }
  const endDay = dayFormat.format(e.endsAt);
  const end = endDay === firstDay ? timeFormat.format(e.endsAt) : `${endDay}, ${timeFormat.format(e.endsAt)}`;
  return `${firstDay}, ${timeFormat.format(e.startsAt)} to ${end} Eastern Time`;
}

/** The passage's body: "Board meeting: <when>. Location: Clubhouse." and the description on a line of its own. */
export function eventBody(e: EventFacts): string {
  const first = `${e.title}: ${eventWhen(e)}.${e.location ? ` Location: ${e.location}.` : ''}`;
  return e.description ? `${first}\n${e.description.replace(/\s*\n\s*/g, ' ').trim()}` : first;
}
