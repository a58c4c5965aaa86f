import { describe, expect, it } from 'vitest';
import { createFakeHost, runFlow, trackCoverage } from '../support/flow-harness.ts';

const coverage = trackCoverage('board-arcs');

describe('board-arcs flow', () => {
  it('shows the open requests first, then the ones the form asks for, reading nothing itself', async () => {
    const host = createFakeHost({ session: { userId: 5101, selectedAssociation: { id: 2, isBoardMember: true } } });
    const flow = runFlow('board-arcs', host, { coverage });
    await flow.settle();
    expect(flow.state()).toBe('listing');
    expect(flow.context().status).toBe('open');
    flow.send({ type: 'SHOW', data: { status: 'awaitingMyVote' } });
    expect(flow.context().status).toBe('awaitingMyVote');
    flow.send({ type: 'SHOW', data: { status: 'all' } });
    expect(flow.context().status).toBe('all');
    expect(host.calls).toEqual([]);
  });

  it('covers every transition', () => {
    expect(coverage.missing()).toEqual([]);
  });
});
