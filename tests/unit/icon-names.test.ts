// The icon names `npm run check` accepts are exactly the icons the bundle holds.
import { describe, expect, it } from 'vitest';
import { ICON_NAMES } from '../../engine/core/icon-names.ts';
import { ICONS } from '../../engine/react/widgets/icons.tsx';

describe('icon names', () => {
  it('has a component for every name check accepts, and none more', () => {
    expect(Object.keys(ICONS).sort()).toEqual([...ICON_NAMES].sort());
    for (const name of ICON_NAMES) expect(ICONS[name], name).toBeTruthy();
  });
});
