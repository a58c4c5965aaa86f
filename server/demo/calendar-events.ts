// The events of Maple Grove's demo calendar as plain data (seeded by calendar.ts, relative to the
// seed's month), so checks without a database, such as the MyCA golden set's, can read them.

export interface DemoEvent {
  title: string;
  description?: string;
  location?: string;
  /** 0: this month, 1: the next. */
  month: 0 | 1;
  /** Day of that month (the last day when the month is shorter). */
  day: number;
  /** Hours (New York) from and to; absent: all day, for `days` days. */
  hours?: [number, number];
  days?: number;
  visibility: 'everyone' | 'owners';
}

export const EVENTS: DemoEvent[] = [
  { title: 'Board meeting', description: 'Monthly meeting of the board. Agenda in the document library.', location: 'Clubhouse', month: 0, day: 12, hours: [19, 20.5], visibility: 'owners' },
  { title: 'Community picnic', description: 'Food trucks, lawn games and music for the whole neighborhood.', location: 'Pool Pavilion', month: 0, day: 20, hours: [12, 16], visibility: 'everyone' },
  { title: 'Community yard sale', description: 'Set up in your driveway from 8 am; signs are provided at the entrance.', month: 0, day: 27, days: 2, visibility: 'everyone' },
  { title: 'Pool maintenance: pool closed', location: 'Pool', month: 1, day: 3, days: 1, visibility: 'owners' },
  { title: 'Annual meeting of the members', description: 'Election of two directors and the budget for next year. Every homeowner is welcome.', location: 'Clubhouse', month: 1, day: 10, hours: [18.5, 20.5], visibility: 'everyone' },
  { title: 'Board meeting', description: 'Monthly meeting of the board.', location: 'Clubhouse', month: 1, day: 12, hours: [19, 20.5], visibility: 'owners' },
];
