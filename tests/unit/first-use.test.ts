import { describe, expect, it } from 'vitest';
import { onFirstUse } from '../../flows/first-use.ts';

describe('onFirstUse', () => {
  it('makes nothing until it is first called, then the same value on every call', () => {
    let made = 0;
    const formatter = onFirstUse(() => ({ serial: ++made }));
    expect(made).toBe(0);
    const first = formatter();
    expect(formatter()).toBe(first);
    expect(made).toBe(1);
  });

  it('keeps a made value that is falsy rather than making it again', () => {
    let made = 0;
    const nothing = onFirstUse(() => { made += 1; return undefined; });
    nothing();
    nothing();
    expect(made).toBe(1);
  });
});
