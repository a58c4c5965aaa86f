// Verified tokens remembered until they expire (server/auth/verified-tokens.ts), and the token
// services that use them: a remembered token is still refused once expired, a token that differs by
// one character is verified (and refused) in full, and the least recently used token is forgotten
// first when the cache is full.
import { describe, expect, it } from 'vitest';
import { createVerifiedTokenCache } from '../../server/auth/verified-tokens.ts';
import { createTokenService } from '../../server/auth/tokens.ts';
import { createGuestTokenService } from '../../server/payments/guest-token.ts';

function testClock(start = Date.UTC(2026, 2, 2, 15)) {
  let now = start;
  return { now: () => new Date(now), advance: (ms: number) => void (now += ms) };
}

describe('createVerifiedTokenCache', () => {
  it('answers a token until its exp, not from that second on', () => {
    const clock = testClock(Date.UTC(2026, 0, 1, 0, 0, 0));
    const cache = createVerifiedTokenCache<{ userId: number }>(clock.now);
    const exp = Date.UTC(2026, 0, 1, 0, 0, 10) / 1000;
    cache.set('token-a', { userId: 1 }, exp);
    expect(cache.get('token-a')).toEqual({ userId: 1 });
    clock.advance(9_999);
    expect(cache.get('token-a')).toEqual({ userId: 1 });
    clock.advance(1);
    expect(cache.get('token-a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('forgets the least recently used token when full', () => {
    const clock = testClock();
    const cache = createVerifiedTokenCache<number>(clock.now, 2);
    const exp = clock.now().getTime() / 1000 + 3600;
    cache.set('a', 1, exp);
    cache.set('b', 2, exp);
    expect(cache.get('a')).toBe(1); // b is now the least recently used
    cache.set('c', 3, exp);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
    expect(cache.size).toBe(2);
  });

  it('hands out frozen claims, so no caller can change what the next one gets', () => {
    const cache = createVerifiedTokenCache<{ userId: number }>(testClock().now);
    cache.set('a', { userId: 1 }, Number.MAX_SAFE_INTEGER / 1000);
    expect(Object.isFrozen(cache.get('a'))).toBe(true);
  });
});

describe('token services with the cache', () => {
  const secret = 'a-signing-secret-of-at-least-32-characters';

  it('a signed-in token verified once is refused after it expires, and a changed token is refused', async () => {
    const clock = testClock();
    const tokens = createTokenService(secret, clock.now, { sessionSeconds: 60, portalSeconds: 60, resetSeconds: 60 });
    const token = await tokens.issueSession({ userId: 7, customer: 'summit', sessionId: 'sid-1' });
    expect(await tokens.verifySession(token)).toEqual({ userId: 7, customer: 'summit', sessionId: 'sid-1' });
    expect(await tokens.verifySession(token)).toEqual({ userId: 7, customer: 'summit', sessionId: 'sid-1' });
    // The same token for another audience is verified on its own, and refused.
    expect(await tokens.verifySession(token, 'portal')).toBeNull();
    const at = token.length - 10; // inside the signature, away from its last character's unused bits
    expect(await tokens.verifySession(`${token.slice(0, at)}${token[at] === 'A' ? 'B' : 'A'}${token.slice(at + 1)}`)).toBeNull();
    clock.advance(60_000);
    expect(await tokens.verifySession(token)).toBeNull();
  });

  it('a guest token verified once is refused after it expires', async () => {
    const clock = testClock();
    const guests = createGuestTokenService(secret, clock.now, 60);
    const token = await guests.issue({ accountId: 3, associationId: 1, email: 'pat@example.org' });
    const claims = await guests.verify(token);
    expect(claims).toMatchObject({ accountId: 3, associationId: 1, email: 'pat@example.org' });
    expect(await guests.verify(token)).toEqual(claims);
    clock.advance(59_999);
    expect(await guests.verify(token)).toEqual(claims);
    clock.advance(1);
    expect(await guests.verify(token)).toBeNull();
  });
});
