import { describe, expect, it } from 'vitest';
import { createFakeHost, runFlow, trackCoverage, type FakeHostOptions } from '../support/flow-harness.ts';

const coverage = trackCoverage('manage-home');

const session = { userId: 9001 };
const start = (options: FakeHostOptions = {}) => {
  // The associations are read by the grid itself (listManagedAssociations with the flow's search); the flow calls nothing.
  const host = createFakeHost({ session, ...options });
  return { host, flow: runFlow('manage-home', host, { coverage }) };
};

describe('manage home flow', () => {
  it('starts listing every association, with no search', () => {
    const { host, flow } = start();
    expect(flow.state()).toBe('listing');
    expect(flow.context()).toEqual({ error: null, search: '' });
    expect(host.calls).toEqual([]);
  });

  it('a search sets what the associations are searched by, trimmed, each time anew', () => {
    const { host, flow } = start();
    flow.send({ type: 'SEARCH', data: { search: '  maple ' } });
    expect(flow.state()).toBe('listing');
    expect(flow.context()).toEqual({ error: null, search: 'maple' });
    flow.send({ type: 'SEARCH', data: { search: 'SUM' } });
    expect(flow.context().search).toBe('SUM');
    expect(host.calls).toEqual([]);
    expect(host.navigations).toEqual([]);
    expect(host.toasts).toEqual([]);
  });

  it('a search with the box left empty or blank lists every association again', () => {
    const { flow } = start();
    flow.send({ type: 'SEARCH', data: { search: 'maple' } });
    // rjsf leaves an emptied box out: the search is then empty, never missing (a missing query value keeps the list waiting).
    flow.send({ type: 'SEARCH', data: {} });
    expect(flow.context().search).toBe('');
    flow.send({ type: 'SEARCH', data: { search: 'maple' } });
    flow.send({ type: 'SEARCH', data: { search: '   ' } });
    expect(flow.context().search).toBe('');
    flow.send({ type: 'SEARCH', data: { search: 'maple' } });
    flow.send({ type: 'SEARCH' });
    expect(flow.context().search).toBe('');
    expect(flow.state()).toBe('listing');
  });
});

it('manage home flow: every state is reached and every operation outcome is taken by a test above', () => {
  expect(coverage.missing()).toEqual([]);
});
