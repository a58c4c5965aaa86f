// The texts of Maple Grove's first demo documents, kept apart from the seeding so that code without
// a database (the MyCA golden set's checks, server/demo/myca-material.ts) reads exactly what the
// seeded files say. The board minutes hold the word "quorum-eucalyptus", found nowhere else, to
// show that a homeowner's search never finds what only the board may read.

export const RULES = [
  'These rules apply to every resident and guest of Maple Grove HOA.',
  'Quiet hours are from 10 pm to 7 am. Trash bins go out after 6 pm the evening before collection and come back in by the next evening.',
  'Exterior changes such as fences, paint colors and sheds need an architectural request approved by the board before work begins.',
  'Pets are kept on a leash in common areas; owners pick up after them.',
];

export const BUDGET = [
  'Operating budget for the fiscal year 2026, adopted by the board in November 2025.',
  'Assessments: $200.00 per lot per quarter. Landscaping $48,000; pool maintenance $21,500; insurance $18,200; reserve contribution $30,000.',
  'The reserve fund is projected to reach $212,000 at the end of 2026.',
];

export const MINUTES = [
  'Executive session of the board, held after the regular meeting. Present: all five directors; a quorum-eucalyptus was declared at 8:05 pm.',
  'The board discussed a pending collection matter and a vendor contract renewal. No votes were taken.',
  'The session adjourned at 8:40 pm. These minutes are confidential to the board.',
];

export const POOL_HOURS = 'Pool hours\n\nMemorial Day to Labor Day: 9 am to 9 pm every day.\nLifeguard on duty on weekends from noon to 6 pm.\nNo glass in the pool area.\n';
