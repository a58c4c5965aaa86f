// The kinds of change the trail is filtered by, each the entries' `kind` values (`<area>.<change>`,
// record.ts) it gathers. A new area of the console names its entries under one of these areas, or
// adds its own kind here (and to listAuditEntries' `kind` enum in openapi/management.yaml).

export const AUDIT_KINDS = {
  /** A setting's value set or returned to inherited. */
  setting: ['setting.set', 'setting.clear'],
  /** A company's lock on a setting, set or lifted. */
  lock: ['setting.lock', 'setting.unlock'],
  /** The company's staff: invited, joined, role changed, deactivated, reactivated. */
  staff: ['staff.%'],
  /** An association's board: members added or removed, offices changed. */
  board: ['board.%'],
  /** An association's custom pages: created, changed, published, removed. */
  page: ['page.%'],
  /** Mimic mode: sessions started and ended, and the writes refused in them. */
  mimic: ['mimic.%'],
} as const satisfies Record<string, readonly string[]>;

export type AuditKind = keyof typeof AUDIT_KINDS;

/** The first of `AUDIT_KINDS` whose patterns match an entry's `kind`, as SQL over the column `column`; 'other' for none. */
export function auditKindSql(column: string): string {
  const whens = Object.entries(AUDIT_KINDS).map(
    ([name, patterns]) => `WHEN ${patterns.map((p) => (p.includes('%') ? `${column} LIKE '${p}'` : `${column} = '${p}'`)).join(' OR ')} THEN '${name}'`,
  );
  return `CASE ${whens.join(' ')} ELSE 'other' END`;
}
