// Calendar arithmetic on local days. A day is "YYYY-MM-DD" in the reader's time zone; a month grid
// starts on the Sunday on or before the 1st and always has six weeks, so the grid does not jump in
// height from month to month.

export type DayKey = string;

export interface CalendarItem {
  start: string;
  end?: string;
  allDay?: boolean;
  [field: string]: unknown;
}

const pad = (n: number) => String(n).padStart(2, '0');

export function dayKey(date: Date): DayKey {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The local midnight of a day key. */
export function dayDate(key: DayKey): Date {
  const [y, m, d] = key.split('-').map(Number);
  return new Date(y, m - 1, d);
}

export function addDays(key: DayKey, days: number): DayKey {
  const date = dayDate(key);
  date.setDate(date.getDate() + days);
  return dayKey(date);
}

/** The same day of another month, kept within that month (Jan 31 + 1 month = Feb 28). */
export function addMonths(key: DayKey, months: number): DayKey {
  const date = dayDate(key);
  const target = new Date(date.getFullYear(), date.getMonth() + months, 1);
  const last = new Date(target.getFullYear(), target.getMonth() + 1, 0).getDate();
  target.setDate(Math.min(date.getDate(), last));
  return dayKey(target);
}

export const monthOf = (key: DayKey) => key.slice(0, 7);
export const firstOfMonth = (key: DayKey): DayKey => `${monthOf(key)}-01`;

export function lastOfMonth(key: DayKey): DayKey {
  const date = dayDate(firstOfMonth(key));
  return dayKey(new Date(date.getFullYear(), date.getMonth() + 1, 0));
}

/** Six weeks of day keys, Sunday first, covering the month of `key`. */
export function monthGrid(key: DayKey): DayKey[][] {
  const first = dayDate(firstOfMonth(key));
  let cursor = addDays(dayKey(first), -first.getDay());
  return Array.from({ length: 6 }, () => Array.from({ length: 7 }, () => {
    const day = cursor;
    cursor = addDays(cursor, 1);
    return day;
  }));
}

/** The day of a moment in a time zone (the reader's own when none is given). */
export function zonedDayKey(moment: Date, timeZone?: string): DayKey {
  if (!timeZone) return dayKey(moment);
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(moment);
}

/**
 * The days an item covers: from the day of its start to the day of the moment before its end (an
 * evening ending at midnight stays on one day). A timed item's days are the reader's; an all-day
 * item's are those of `allDayZone` when given (its days are the calendar owner's, wherever the
 * reader is).
 */
export function itemDays(item: CalendarItem, allDayZone?: string): DayKey[] {
  const zone = item.allDay ? allDayZone : undefined;
  const start = new Date(item.start);
  if (Number.isNaN(start.getTime())) return [];
  const end = item.end ? new Date(new Date(item.end).getTime() - 1) : start;
  const first = zonedDayKey(start, zone);
  const last = end < start ? first : zonedDayKey(end, zone);
  const days: DayKey[] = [];
  for (let day = first; day <= last && days.length < 62; day = addDays(day, 1)) days.push(day);
  return days;
}

/** Items by the days they cover, each day's in the order given. */
export function itemsByDay<T extends CalendarItem>(items: readonly T[], allDayZone?: string): Map<DayKey, T[]> {
  const byDay = new Map<DayKey, T[]>();
  for (const item of items) {
    for (const day of itemDays(item, allDayZone)) {
      const list = byDay.get(day);
      if (list) list.push(item);
      else byDay.set(day, [item]);
    }
  }
  return byDay;
}
