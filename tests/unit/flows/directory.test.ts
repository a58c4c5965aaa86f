import { describe, expect, it } from 'vitest';
import { createFakeHost, runFlow, trackCoverage, type FakeHostOptions } from '../support/flow-harness.ts';

const coverage = trackCoverage('directory');

const session = { userId: 5107, selectedAssociation: { id: 2, name: 'Maple Grove HOA' } };
const start = (options: FakeHostOptions = {}) => {
  // The residents are listed by the screen (listResidents with the flow's search and sort); the flow itself calls nothing.
  const host = createFakeHost({ session, ...options });
  return { host, flow: runFlow('directory', host, { coverage }) };
};

describe('directory flow', () => {
  it('starts with no search, sorted by name', () => {
    const { host, flow } = start();
    expect(flow.state()).toBe('listing');
    expect(flow.context()).toEqual({ error: null, search: '', sort: 'name' });
    expect(host.calls).toEqual([]);
  });

  it('a search sets what the list is searched and sorted by, each time anew', () => {
    const { host, flow } = start();
    flow.send({ type: 'SEARCH', data: { search: 'rivera', sort: 'address' } });
    expect(flow.state()).toBe('listing');
    expect(flow.context()).toMatchObject({ search: 'rivera', sort: 'address' });
    flow.send({ type: 'SEARCH', data: { search: 'Brooks', sort: 'name' } });
    expect(flow.context()).toMatchObject({ search: 'Brooks', sort: 'name' });
    expect(host.calls).toEqual([]);
    expect(host.navigations).toEqual([]);
  });

  it('a search with the box left empty lists everyone again', () => {
    const { flow } = start();
    flow.send({ type: 'SEARCH', data: { search: 'rivera', sort: 'address' } });
    // rjsf leaves an emptied box out: the search is then empty, never missing (a missing query value keeps the list waiting).
    flow.send({ type: 'SEARCH', data: { sort: 'address' } });
    expect(flow.context().search).toBe('');
    expect(flow.context().sort).toBe('address');
  });
});

it('directory flow: every state is reached and every operation outcome is taken by a test above', () => {
  expect(coverage.missing()).toEqual([]);
});
