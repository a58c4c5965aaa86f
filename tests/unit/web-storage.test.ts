// The engine's one way to the browser's web storage (engine/core/web-storage.ts): the storage asked
// for where the browser gives it, null on the server and where the browser refuses it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { webStorage } from '../../engine/core/web-storage.ts';
import { MemoryStorage } from './support/memory-storage.ts';

afterEach(() => { vi.unstubAllGlobals(); });

describe('webStorage', () => {
  it('gives the local or the session storage asked for', () => {
    const local = new MemoryStorage();
    const session = new MemoryStorage();
    vi.stubGlobal('window', { localStorage: local, sessionStorage: session });
    expect(webStorage('local')).toBe(local);
    expect(webStorage('session')).toBe(session);
  });

  it('is null where the browser refuses storage (reading it throws), for that kind only', () => {
    const local = new MemoryStorage();
    vi.stubGlobal('window', {
      localStorage: local,
      get sessionStorage(): Storage { throw new DOMException('The operation is insecure.', 'SecurityError'); },
    });
    expect(webStorage('session')).toBeNull();
    expect(webStorage('local')).toBe(local);
  });

  it('is null on the server, where there is no window', () => {
    vi.stubGlobal('window', undefined);
    expect(webStorage('local')).toBeNull();
  });
});
