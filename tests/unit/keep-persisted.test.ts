// A machine's persisted fields are saved as it moves (engine/core/flow/persist.ts `keepPersisted`),
// so that what it does next — a delayed event that opens another page — finds them saved.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assign, createActor, setup } from 'xstate';
import { clearStorageKey, keepPersisted, restorePersisted } from '../../engine/core/flow/persist.ts';
import type { FlowPersistence } from '../../engine/core/flow/types.ts';
import { MemoryStorage } from './support/memory-storage.ts';

const persist: FlowPersistence = { storage: 'session', key: 'test.flow', fields: ['confirmed'] };

/** Pays, then on the next task "opens the next page": records what storage holds at that moment. */
function paymentMachine(seen: (string | null)[]) {
  return setup({
    actions: { openNext: () => { seen.push(window.sessionStorage.getItem(persist.key)); } },
  }).createMachine({
    context: { confirmed: null as string | null, typed: '' },
    initial: 'paying',
    states: {
      paying: {
        on: {
          TYPE: { actions: assign({ typed: ({ event }) => (event as unknown as { text: string }).text }) },
          PAID: { target: 'paid', actions: assign({ confirmed: 'CP-1' }) },
        },
      },
      paid: { after: { 0: { actions: 'openNext' } } },
    },
  });
}

let storage: MemoryStorage;
const started: { stop(): void }[] = [];
function start(seen: (string | null)[] = []) {
  const actor = createActor(paymentMachine(seen)).start();
  started.push(actor);
  return actor;
}
beforeEach(() => {
  storage = new MemoryStorage();
  vi.stubGlobal('window', { sessionStorage: storage, localStorage: new MemoryStorage() });
});
afterEach(() => {
  // A delayed event left waiting would run after this test's storage is gone.
  for (const actor of started.splice(0)) actor.stop();
  vi.unstubAllGlobals();
});

describe('keepPersisted', () => {
  it('saves the fields at once, and again in the same task as each move, before a delayed event runs', async () => {
    const seen: (string | null)[] = [];
    const actor = start(seen);
    keepPersisted(actor, persist);
    expect(storage.getItem(persist.key)).toBe('{"confirmed":null}');

    actor.send({ type: 'PAID' });
    // No await: no render, no effect, no other task has run.
    expect(storage.getItem(persist.key)).toBe('{"confirmed":"CP-1"}');
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]).toBe('{"confirmed":"CP-1"}');
  });

  it('saves nothing for a move that leaves the context as it was, and nothing once stopped', () => {
    const actor = start();
    const stop = keepPersisted(actor, persist);
    const setItem = vi.spyOn(storage, 'setItem');
    actor.send({ type: 'UNKNOWN' });
    expect(setItem).not.toHaveBeenCalled();
    actor.send({ type: 'TYPE', text: 'a' });
    expect(setItem).toHaveBeenCalledTimes(1);

    stop();
    actor.send({ type: 'PAID' });
    expect(setItem).toHaveBeenCalledTimes(1);
    expect(storage.getItem(persist.key)).toBe('{"confirmed":null}');
  });

  it('keeps nothing for a machine that persists nothing', () => {
    const actor = start();
    keepPersisted(actor, undefined);
    actor.send({ type: 'PAID' });
    expect(storage.length).toBe(0);
  });

  it('keeps the fields in the page\'s memory where the browser refuses web storage, for the next page to read', () => {
    const refused = () => { throw new DOMException("Failed to read the 'sessionStorage' property from 'Window': Access is denied for this document.", 'SecurityError'); };
    vi.stubGlobal('window', Object.defineProperties({}, { sessionStorage: { get: refused }, localStorage: { get: refused } }));
    const actor = start();
    keepPersisted(actor, persist);
    actor.send({ type: 'PAID' });
    expect(restorePersisted(persist)).toEqual({ confirmed: 'CP-1' });
    // Each kind of storage apart, as the browser's are.
    expect(restorePersisted({ ...persist, storage: 'local' })).toEqual({});
    clearStorageKey('session', persist.key);
    expect(restorePersisted(persist)).toEqual({});
  });
});
