import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { GridDoc } from '../../engine/react/widgets/grid/types.ts';
import en from '../../schemas/messages/en.json' with { type: 'json' };
import { auditList } from '../../server/management/audit-list.ts';
import { AUDIT_KINDS, auditKindSql } from '../../server/audit/kinds.ts';
import { formatters } from '../../flows/formatters.ts';

// The audit trail's CSV is made by the server under its column titles; the grid shows the same
// columns under its own headers. They must agree, or the file would not read as the screen does.
const messages = en as Record<string, string>;
const grid = parse(readFileSync(join(import.meta.dirname, '../../schemas/grids/manage-audit.yaml'), 'utf8')) as GridDoc;

describe('the audit trail grid and the server list behind it', () => {
  it('shows only columns the server sorts, filters and exports, under the same titles', () => {
    const list = auditList(1, {});
    for (const column of grid.columns) {
      const served = (list.columns as Record<string, { title: string } | undefined>)[column.field];
      expect(served, column.field).toBeDefined();
      expect(messages[column.header], column.field).toBe(served?.title);
    }
  });

  it('names every kind of change the server sorts entries into, and the filter offers each', () => {
    const kinds = [...Object.keys(AUDIT_KINDS), 'other'];
    for (const kind of kinds) expect(messages[String(formatters.auditKind(kind))], kind).toBeTruthy();
    expect(formatters.auditKind('nonsense')).toBe('');
    const form = parse(readFileSync(join(import.meta.dirname, '../../schemas/forms/manage-audit-filters.yaml'), 'utf8')) as { schema: { properties: { kind: { enum: string[] } } } };
    expect(form.schema.properties.kind.enum).toEqual(['all', ...Object.keys(AUDIT_KINDS)]);
    expect(auditKindSql('e.kind')).toBe(
      "CASE WHEN e.kind = 'setting.set' OR e.kind = 'setting.clear' THEN 'setting' WHEN e.kind = 'setting.lock' OR e.kind = 'setting.unlock' THEN 'lock' " +
        "WHEN e.kind LIKE 'staff.%' THEN 'staff' WHEN e.kind LIKE 'board.%' THEN 'board' WHEN e.kind LIKE 'page.%' THEN 'page' " +
        "WHEN e.kind LIKE 'mimic.%' THEN 'mimic' ELSE 'other' END",
    );
  });
});
