// The fields a flow module's assign returns, read from its source for `npm run check`: told only
// when every value it returns is an object literal with plain keys.
import { describe, expect, it } from 'vitest';
import { assignFields } from '../../engine/cli/assign-fields.ts';

const EMPTY = { a: 1 };
const helper = (value: unknown) => ({ picked: value });

describe('assignFields', () => {
  it('reads an arrow returning an object literal, shorthand and quoted keys included', () => {
    const note = 'x';
    expect(assignFields(() => ({ saved: true, note, 'two words': 1 }))).toEqual(['saved', 'note', 'two words']);
  });

  it('reads every return of a block and both branches of a conditional, not the returns of inner functions', () => {
    const assign = ({ event }: { event: { ok?: boolean; rows: number[] } }) => {
      const rows = event.rows.map((row) => ({ row }));
      if (event.ok) return { rows, ok: true };
      return event.rows.length ? { empty: false } : { empty: true, rows: [] };
    };
    expect(assignFields(assign as never)?.sort()).toEqual(['empty', 'ok', 'rows']);
  });

  it('reads an object method', () => {
    const module = { clear() { return { error: null }; } };
    expect(assignFields(module.clear)).toEqual(['error']);
  });

  it('tells nothing of a spread, a value made elsewhere, or a return of no object', () => {
    expect(assignFields(() => ({ ...EMPTY, b: 2 }))).toBeUndefined();
    expect(assignFields(() => helper(1))).toBeUndefined();
    expect(assignFields((() => { const update = { a: 1 }; return update; }) as never)).toBeUndefined();
  });
});
