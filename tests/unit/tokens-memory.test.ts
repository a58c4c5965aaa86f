// A token slot's `memoryUnder` (api.yaml): on the pages other sites show in a frame (the route tree's
// mirror), the token lives in the page's memory only, never in web storage.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createTokenStore, isUnderPath, tokenPlace } from '../../engine/core/api/tokens.ts';
import { MemoryStorage } from './support/memory-storage.ts';

const slots = {
  user: { storage: 'local' as const, key: 'app.token', tabKey: 'app.tab.token', memoryUnder: '/embed' },
  portal: { storage: 'local' as const, key: 'app.portal', tabKey: 'app.tab.portal', memoryUnder: '/embed' },
  guest: { storage: 'session' as const, key: 'app.guest' },
};

function page(pathname: string) {
  const storages = { local: new MemoryStorage(), session: new MemoryStorage() };
  const address = { pathname };
  return { storages, address, tokens: createTokenStore(slots, storages, { pathname: () => address.pathname }) };
}

describe('a token kept in memory under a path', () => {
  it('under it, is read from and written to memory only: storage is neither read nor touched', () => {
    const { storages, tokens } = page('/embed/dashboard');
    storages.local.setItem('app.token', 'OTHER-SIGN-IN');
    expect(tokens.get('user')).toBeNull();
    tokens.set('user', 'FRAMED');
    tokens.set('portal', 'FRAMED-P');
    expect(tokens.get('user')).toBe('FRAMED');
    expect(tokens.get('portal')).toBe('FRAMED-P');
    expect(storages.local.getItem('app.token')).toBe('OTHER-SIGN-IN');
    expect(storages.local.getItem('app.portal')).toBeNull();
    expect(storages.session.length).toBe(0);
    tokens.set('user', null);
    expect(tokens.get('user')).toBeNull();
    expect(storages.local.getItem('app.token')).toBe('OTHER-SIGN-IN');
  });

  it('a token for one tab (mimic mode) stays in memory too: nothing of a frame is written to storage', () => {
    const { storages, tokens } = page('/embed');
    tokens.set('user', 'TAB', { tab: true });
    expect(tokens.get('user')).toBe('TAB');
    expect(storages.session.getItem('app.tab.token')).toBeNull();
    expect(() => tokens.set('guest', 'G', { tab: true })).toThrow('has no tabKey');
  });

  it('a tab holding its own tokens does not lend them to a page under the path', () => {
    const { storages, tokens } = page('/embed/billing');
    storages.session.setItem('app.tab.token', 'OWNER');
    expect(tokens.get('user')).toBeNull();
  });

  it('a slot without the option, and any slot elsewhere, keeps its storage', () => {
    const framed = page('/embed/paynow');
    framed.tokens.set('guest', 'G');
    expect(framed.storages.session.getItem('app.guest')).toBe('G');

    const top = page('/dashboard');
    top.storages.local.setItem('app.token', 'TOP');
    expect(top.tokens.get('user')).toBe('TOP');
    top.tokens.set('portal', 'TOP-P');
    expect(top.storages.local.getItem('app.portal')).toBe('TOP-P');
  });

  it('follows the address as it is when asked', () => {
    const { storages, address, tokens } = page('/dashboard');
    storages.local.setItem('app.token', 'TOP');
    address.pathname = '/embed/dashboard';
    expect(tokens.get('user')).toBeNull();
    address.pathname = '/dashboard';
    expect(tokens.get('user')).toBe('TOP');
  });

  it('reads the browser\'s address by default, and outside a browser is under nothing', () => {
    const storages = { local: new MemoryStorage(), session: new MemoryStorage() };
    const tokens = createTokenStore(slots, storages);
    tokens.set('user', 'NODE');
    expect(storages.local.getItem('app.token')).toBe('NODE');
  });

  it('is where the page\'s first script looks too: nowhere in storage', () => {
    const storages = { local: new MemoryStorage(), session: new MemoryStorage() };
    expect(tokenPlace(slots.user, ['app.tab.token'], storages, '/embed/dashboard')).toEqual({ storage: 'memory' });
    expect(tokenPlace(slots.user, ['app.tab.token'], storages, '/dashboard')).toEqual({ storage: 'local', key: 'app.token' });
    expect(tokenPlace(slots.user, ['app.tab.token'], storages)).toEqual({ storage: 'local', key: 'app.token' });
  });
});

describe('a path under a prefix', () => {
  it('is the prefix or below it, on whole segments, whatever the case', () => {
    expect(isUnderPath('/embed', '/embed')).toBe(true);
    expect(isUnderPath('/embed/', '/embed')).toBe(true);
    expect(isUnderPath('/Embed/Billing', '/embed')).toBe(true);
    expect(isUnderPath('/embed/billing', '/embed/')).toBe(true);
    expect(isUnderPath('/embedded', '/embed')).toBe(false);
    expect(isUnderPath('/billing/embed', '/embed')).toBe(false);
    expect(isUnderPath('/anything', '/')).toBe(true);
  });
});

describe('the product', () => {
  const root = join(import.meta.dirname, '..', '..');
  const yaml = (path: string) => parse(readFileSync(join(root, path), 'utf8'));

  it('keeps the signed-in tokens in memory under the mirror other sites frame, and the session knows the same mirror', () => {
    const routes = yaml('schemas/routes.yaml') as { layouts: Record<string, { mirror?: string }> };
    // Every layout that other sites may frame (the portal's pages, the checkout links) under one prefix.
    const mirrors = [...new Set(Object.values(routes.layouts).flatMap((layout) => (layout.mirror ? [layout.mirror] : [])))];
    expect(mirrors).toEqual(['/embed']);
    const api = yaml('schemas/api.yaml') as { tokens: Record<string, { memoryUnder?: string }> };
    expect(api.tokens.user.memoryUnder).toBe(mirrors[0]);
    expect(api.tokens.portal.memoryUnder).toBe(mirrors[0]);
    const session = yaml('flows/session.machine.yaml') as { states: { starting: { entry: { type: string; params: { mirror: string } }[] } } };
    expect(session.states.starting.entry).toContainEqual(expect.objectContaining({ type: 'noteEmbedding', params: expect.objectContaining({ mirror: mirrors[0] }) }));
  });
});
