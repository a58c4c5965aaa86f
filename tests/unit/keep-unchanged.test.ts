import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { readConfigData } from '../../engine/core/config/read-config.ts';
import { createFlowMachine } from '../../engine/core/flow/create-machine.ts';
import { keepUnchanged, samePlainData } from '../../engine/core/flow/keep-unchanged.ts';
import type { FlowEnvironment } from '../../engine/core/flow/types.ts';
import { loadAllFlowModules } from '../../engine/core/flow/lazy-modules.ts';
import { flowCatalog } from '../../flows/registry.ts';

await loadAllFlowModules(flowCatalog);
const root = join(import.meta.dirname, '..', '..');

describe('samePlainData', () => {
  it('compares objects, arrays and primitives by value', () => {
    expect(samePlainData({ a: [1, { b: 'x' }], c: null }, { a: [1, { b: 'x' }], c: null })).toBe(true);
    expect(samePlainData(Number.NaN, Number.NaN)).toBe(true);
    expect(samePlainData({ a: [1, 2] }, { a: [1, 3] })).toBe(false);
    expect(samePlainData({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(samePlainData([], {})).toBe(false);
    expect(samePlainData({}, null)).toBe(false);
  });

  it('holds other objects equal only when they are the same one', () => {
    expect(samePlainData(new Date(0), new Date(0))).toBe(false);
    const when = new Date(0);
    expect(samePlainData({ when }, { when })).toBe(true);
  });
});

describe('keepUnchanged', () => {
  it('keeps the value held for a field given the same data afresh, and takes the others', () => {
    const held = { overrides: {}, accounts: [{ id: 1 }], theme: 'Default' };
    const update = { overrides: {}, accounts: [{ id: 2 }], theme: 'Harbor', added: {} };
    const kept = keepUnchanged(held, update);
    expect(kept.overrides).toBe(held.overrides);
    expect(kept.accounts).toBe(update.accounts);
    expect(kept).toEqual(update);
    // The update itself is left as it was.
    expect(update.overrides).not.toBe(held.overrides);
  });

  it('takes every field of an update that holds nothing already held', () => {
    const update = { theme: 'Harbor', accounts: [] };
    expect(keepUnchanged({ theme: 'Default' }, update)).toEqual(update);
  });
});

describe('a flow assign that sets what its context holds', () => {
  const env: FlowEnvironment = {
    call: async () => { throw new Error('no call expected'); }, navigate: () => {}, toast: () => {}, sendToSession: () => {},
    scope: () => ({ query: {}, route: {}, session: {}, site: {} }), setToken: () => {}, getToken: () => null, clearStored: () => {}, now: () => 0,
  };

  it('keeps every field of the session when a page with no brand says so again (UNBRAND), so nothing reading it re-renders', () => {
    const doc = readConfigData(root, join('flows', 'session.machine.yaml')).data;
    const session = createActor(createFlowMachine('session', doc as never, flowCatalog, env)).start();
    session.send({ type: 'UNBRAND' });
    const before = session.getSnapshot().context as Record<string, unknown>;
    session.send({ type: 'UNBRAND' });
    const after = session.getSnapshot().context as Record<string, unknown>;
    for (const key of Object.keys(before)) expect(after[key], key).toBe(before[key]);
    session.send({ type: 'BRAND', theme: 'Evergreen', overrides: { 'colors.brand.solid': '#123456' } });
    expect(session.getSnapshot().context).toMatchObject({ theme: 'Evergreen', themeOverrides: { 'colors.brand.solid': '#123456' } });
    session.stop();
  });
});
