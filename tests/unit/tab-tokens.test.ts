// A token slot's `tabKey` (api.yaml): one tab signed in as someone else than the browser's other
// tabs keeps its tokens in sessionStorage, and never reads nor overwrites the shared ones.
import { describe, expect, it } from 'vitest';
import { createTokenStore, tabHolds, tokenPlace } from '../../engine/core/api/tokens.ts';
import { looksLikeFirstVisit } from '../../engine/core/first-visit.ts';
import { MemoryStorage } from './support/memory-storage.ts';

const slots = {
  user: { storage: 'local' as const, key: 'app.token', tabKey: 'app.tab.token' },
  portal: { storage: 'local' as const, key: 'app.portal', tabKey: 'app.tab.portal' },
  guest: { storage: 'session' as const, key: 'app.guest' },
};

function browser() {
  const storages = { local: new MemoryStorage(), session: new MemoryStorage() };
  return { storages, tokens: createTokenStore(slots, storages) };
}

describe('a token kept for one tab', () => {
  it('without a tab token, every slot reads and writes its own key', () => {
    const { storages, tokens } = browser();
    tokens.set('user', 'STAFF');
    tokens.set('portal', 'STAFF-P');
    expect(storages.local.getItem('app.token')).toBe('STAFF');
    expect(tokens.get('user')).toBe('STAFF');
    expect(tabHolds(['app.tab.token'], storages.session)).toBe(false);
  });

  it('stored for the tab, is the slot’s for that tab; the shared token stays as it was', () => {
    const { storages, tokens } = browser();
    storages.local.setItem('app.token', 'STAFF');
    storages.local.setItem('app.portal', 'STAFF-P');
    tokens.set('user', 'OWNER', { tab: true });
    expect(tokens.get('user')).toBe('OWNER');
    expect(storages.session.getItem('app.tab.token')).toBe('OWNER');
    expect(storages.local.getItem('app.token')).toBe('STAFF');
  });

  it('while the tab holds its own, every slot with a tab key reads and writes there only (a second token of the sign-in too)', () => {
    const { storages, tokens } = browser();
    storages.local.setItem('app.portal', 'STAFF-P');
    tokens.set('user', 'OWNER', { tab: true });
    // The shared portal token is not this tab's: it has none until it gets one.
    expect(tokens.get('portal')).toBeNull();
    tokens.set('portal', 'OWNER-P');
    expect(storages.session.getItem('app.tab.portal')).toBe('OWNER-P');
    expect(storages.local.getItem('app.portal')).toBe('STAFF-P');
    // A slot without a tab key is unaffected.
    tokens.set('guest', 'G');
    expect(storages.session.getItem('app.guest')).toBe('G');
  });

  it('cleared, gives the tab back the shared tokens', () => {
    const { storages, tokens } = browser();
    storages.local.setItem('app.token', 'STAFF');
    tokens.set('user', 'OWNER', { tab: true });
    tokens.set('portal', 'OWNER-P');
    tokens.set('user', null);
    tokens.set('portal', null);
    expect(storages.session.getItem('app.tab.token')).toBeNull();
    expect(storages.local.getItem('app.token')).toBe('STAFF');
    expect(tokens.get('user')).toBe('STAFF');
  });

  it('cannot be asked of a slot without a tab key', () => {
    const { tokens } = browser();
    expect(() => tokens.set('guest', 'G', { tab: true })).toThrow('has no tabKey');
  });

  it('is where the page’s first script reads the token too', () => {
    const { storages } = browser();
    expect(tokenPlace(slots.user, ['app.tab.token', 'app.tab.portal'], storages)).toEqual({ storage: 'local', key: 'app.token' });
    storages.session.setItem('app.tab.portal', 'P');
    expect(tokenPlace(slots.user, ['app.tab.token', 'app.tab.portal'], storages)).toEqual({ storage: 'session', key: 'app.tab.token' });
    expect(tokenPlace(slots.user, ['app.tab.token'], { local: storages.local, session: null })).toEqual({ storage: 'local', key: 'app.token' });
  });

  it('is not a first visit’s: a page rendered ahead of time is rendered afresh in such a tab', () => {
    const expected = [
      { storage: 'local' as const, key: 'app.token', values: [null] },
      { storage: 'session' as const, key: 'app.tab.token', values: [null] },
    ];
    const { storages } = browser();
    expect(looksLikeFirstVisit(expected, storages)).toBe(true);
    storages.session.setItem('app.tab.token', 'OWNER');
    expect(looksLikeFirstVisit(expected, storages)).toBe(false);
  });
});
