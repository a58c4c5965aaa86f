import { describe, expect, it } from 'vitest';
import { resolveBindings, isBinding } from '../../engine/core/bindings.ts';

describe('bindings', () => {
  const scope = { session: { user: { name: 'Ada' }, count: 2 }, route: { id: '7' } };

  it('resolves nested bindings and keeps raw types', () => {
    expect(resolveBindings({ a: '$session.user.name', b: ['$route.id', 'plain'], c: '$session.count' }, scope))
      .toEqual({ a: 'Ada', b: ['7', 'plain'], c: 2 });
  });

  it('yields undefined for missing paths instead of throwing', () => {
    expect(resolveBindings('$session.missing.deep', scope)).toBeUndefined();
  });

  it('leaves strings that are not bindings alone', () => {
    expect(isBinding('$ 5')).toBe(false);
    expect(resolveBindings('/dashboard', scope)).toBe('/dashboard');
  });
});
