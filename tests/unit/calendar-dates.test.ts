import { describe, expect, it } from 'vitest';
import { addMonths, itemDays, itemsByDay, lastOfMonth, monthGrid, zonedDayKey } from '../../engine/react/widgets/calendar/dates.ts';

// The calendar widget's days. Timed items are read in the test run's own zone, so the moments below
// are built from local times; all-day items are read in a named zone.
const local = (day: string, time: string) => new Date(`${day}T${time}:00`).toISOString();

describe('calendar days', () => {
  it('lays a month out as six Sunday-first weeks that hold all its days', () => {
    const grid = monthGrid('2026-11-15');
    expect(grid).toHaveLength(6);
    expect(grid.every((week) => week.length === 7)).toBe(true);
    expect(grid[0][0]).toBe('2026-11-01'); // November 1st, 2026 is a Sunday
    expect(grid.flat()).toContain('2026-11-30');
    expect(monthGrid('2027-02-10')[0][0]).toBe('2027-01-31');
  });

  it('moves by months within the shorter month and finds its last day', () => {
    expect(addMonths('2027-01-31', 1)).toBe('2027-02-28');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
    expect(addMonths('2026-01-15', -1)).toBe('2025-12-15');
    expect(lastOfMonth('2028-02-03')).toBe('2028-02-29');
  });

  it('puts a timed item on its local days; one ending at midnight stays on its day', () => {
    expect(itemDays({ start: local('2026-11-20', '18:00'), end: local('2026-11-20', '21:00') })).toEqual(['2026-11-20']);
    expect(itemDays({ start: local('2026-11-20', '20:00'), end: local('2026-11-21', '00:00') })).toEqual(['2026-11-20']);
    expect(itemDays({ start: local('2026-11-20', '20:00'), end: local('2026-11-21', '02:00') })).toEqual(['2026-11-20', '2026-11-21']);
    expect(itemDays({ start: 'not a date' })).toEqual([]);
  });

  it("puts an all-day item on the days of the calendar's zone, its end exclusive", () => {
    // Midnight in New York to the next midnight: one day there, whatever zone reads it.
    const meeting = { start: '2026-11-28T05:00:00.000Z', end: '2026-11-29T05:00:00.000Z', allDay: true };
    expect(itemDays(meeting, 'America/New_York')).toEqual(['2026-11-28']);
    const weekend = { start: '2026-11-28T05:00:00.000Z', end: '2026-11-30T05:00:00.000Z', allDay: true };
    expect(itemDays(weekend, 'America/New_York')).toEqual(['2026-11-28', '2026-11-29']);
    expect(zonedDayKey(new Date('2026-11-28T02:00:00.000Z'), 'America/New_York')).toBe('2026-11-27');
  });

  it('groups items by the days they cover, in the order given', () => {
    const a = { id: 'a', start: local('2026-11-20', '09:00'), end: local('2026-11-21', '10:00') };
    const b = { id: 'b', start: local('2026-11-21', '12:00'), end: local('2026-11-21', '13:00') };
    const byDay = itemsByDay([a, b]);
    expect(byDay.get('2026-11-20')).toEqual([a]);
    expect(byDay.get('2026-11-21')).toEqual([a, b]);
  });
});
