// The handoff widget's address rules: only paths on this site are followed, both the target and
// the return address; placeholders of the return path are filled and encoded.
import { describe, expect, it } from 'vitest';
import { fillPath, handoffAddress, sameOriginPath } from '../../engine/react/widgets/HandoffWidget.tsx';

const ORIGIN = 'https://portal.example';

describe('handoff addresses', () => {
  it('accepts only relative paths on this site', () => {
    expect(sameOriginPath('/provider/entry/1?secret=s', ORIGIN)).toBe('/provider/entry/1?secret=s');
    for (const bad of ['https://evil.example/x', '//evil.example/x', '/\\evil.example', 'relative/path', 'javascript:alert(1)', '/a\nb', '']) {
      expect(sameOriginPath(bad, ORIGIN), bad).toBeNull();
    }
  });

  it('fills placeholders, encoded, and refuses a missing value', () => {
    expect(fillPath('/pay?payment={{id}}', { id: 'a&b=c' })).toBe('/pay?payment=a%26b%3Dc');
    expect(fillPath('/pay?payment={{id}}', {})).toBeNull();
  });

  it('adds the return path as the configured query parameter', () => {
    const address = handoffAddress('/provider/entry/1?secret=s&kind=card', 'return', '/pay?payment=p_1', ORIGIN)!;
    const url = new URL(address, ORIGIN);
    expect(url.pathname).toBe('/provider/entry/1');
    expect(url.searchParams.get('secret')).toBe('s');
    expect(url.searchParams.get('return')).toBe('/pay?payment=p_1');
    expect(handoffAddress('https://evil.example/entry', 'return', '/pay', ORIGIN)).toBeNull();
    expect(handoffAddress('/provider/entry/1', 'return', '//evil.example', ORIGIN)).toBeNull();
    expect(handoffAddress('/provider/entry/1', 'return', null, ORIGIN)).toBeNull();
    expect(handoffAddress('/provider/entry/1', undefined, null, ORIGIN)).toBe('/provider/entry/1');
  });
});
