import { describe, expect, it } from 'vitest';
import { createFakeHost, runFlow, trackCoverage } from '../support/flow-harness.ts';

const coverage = trackCoverage('manage-people');

const start = () => {
  // The people are read by the grid itself (listCompanyPeople with the flow's search); the flow calls nothing.
  const host = createFakeHost({ session: { userId: 9001 } });
  return { host, flow: runFlow('manage-people', host, { coverage }) };
};

describe('manage people flow', () => {
  it('starts listing everyone, with no search', () => {
    const { host, flow } = start();
    expect(flow.state()).toBe('listing');
    expect(flow.context()).toEqual({ error: null, search: '' });
    expect(host.calls).toEqual([]);
  });

  it('a search sets what the people are searched by, trimmed, each time anew', () => {
    const { host, flow } = start();
    flow.send({ type: 'SEARCH', data: { search: '  100234 ' } });
    expect(flow.context().search).toBe('100234');
    flow.send({ type: 'SEARCH', data: { search: 'Rivera' } });
    expect(flow.context().search).toBe('Rivera');
    expect(flow.state()).toBe('listing');
    expect(host.calls).toEqual([]);
    expect(host.navigations).toEqual([]);
  });

  it('a search with the box left empty or blank lists everyone again', () => {
    const { flow } = start();
    for (const event of [{ type: 'SEARCH', data: {} }, { type: 'SEARCH', data: { search: '   ' } }, { type: 'SEARCH' }]) {
      flow.send({ type: 'SEARCH', data: { search: 'rivera' } });
      flow.send(event);
      expect(flow.context().search).toBe('');
    }
  });
});

it('manage people flow: every state is reached and every operation outcome is taken by a test above', () => {
  expect(coverage.missing()).toEqual([]);
});
