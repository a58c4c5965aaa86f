import { describe, expect, it } from 'vitest';
import { createFakeHost, runFlow, trackCoverage, type FakeHostOptions } from '../support/flow-harness.ts';

const coverage = trackCoverage('manage-audit');

const session = { userId: 9001, isManagementAdmin: true };
const start = (options: FakeHostOptions = {}) => {
  // The trail is read by the grid itself (listAuditEntries with the flow's filters); the flow calls nothing.
  const host = createFakeHost({ session, ...options });
  return { host, flow: runFlow('manage-audit', host, { coverage }) };
};
const NONE = { association: '', person: '', kind: '', from: '', to: '', rangeBackwards: false };

describe('manage audit flow', () => {
  it('starts with no filter: the whole trail', () => {
    const { host, flow } = start();
    expect(flow.state()).toBe('listing');
    expect(flow.context()).toEqual({ error: null, ...NONE });
    expect(host.calls).toEqual([]);
  });

  it('filters by association, person, kind and days, trimmed, each time anew', () => {
    const { host, flow } = start();
    flow.send({ type: 'FILTER', data: { association: ' maple ', person: 'manager@', kind: 'lock', from: '2026-03-01', to: '2026-03-31' } });
    expect(flow.context()).toEqual({ error: null, association: 'maple', person: 'manager@', kind: 'lock', from: '2026-03-01', to: '2026-03-31', rangeBackwards: false });
    flow.send({ type: 'FILTER', data: { kind: 'staff', from: '2026-03-02', to: '2026-03-02' } });
    expect(flow.context()).toEqual({ error: null, ...NONE, kind: 'staff', from: '2026-03-02', to: '2026-03-02' });
    expect(flow.state()).toBe('listing');
    expect(host.calls).toEqual([]);
    expect(host.navigations).toEqual([]);
    expect(host.toasts).toEqual([]);
  });

  it('all kinds, and fields left empty or blank, are no filter (empty, never missing)', () => {
    const { flow } = start();
    flow.send({ type: 'FILTER', data: { association: 'cedar', kind: 'setting' } });
    // rjsf leaves an emptied box out.
    flow.send({ type: 'FILTER', data: { association: '   ', kind: 'all' } });
    expect(flow.context()).toEqual({ error: null, ...NONE });
    flow.send({ type: 'FILTER', data: { person: 'x' } });
    flow.send({ type: 'FILTER' });
    expect(flow.context()).toEqual({ error: null, ...NONE });
  });

  it('a last day before the first is refused, the filters in use kept; the next good filter clears it', () => {
    const { host, flow } = start();
    flow.send({ type: 'FILTER', data: { kind: 'setting', from: '2026-03-01' } });
    flow.send({ type: 'FILTER', data: { kind: 'lock', from: '2026-03-05', to: '2026-03-01' } });
    expect(flow.state()).toBe('listing');
    expect(flow.context()).toEqual({ error: null, ...NONE, kind: 'setting', from: '2026-03-01', rangeBackwards: true });
    flow.send({ type: 'FILTER', data: { kind: 'lock', from: '2026-03-01', to: '2026-03-05' } });
    expect(flow.context()).toEqual({ error: null, ...NONE, kind: 'lock', from: '2026-03-01', to: '2026-03-05' });
    expect(host.calls).toEqual([]);
  });
});

it('manage audit flow: every state is reached and every operation outcome is taken by a test above', () => {
  expect(coverage.missing()).toEqual([]);
});
