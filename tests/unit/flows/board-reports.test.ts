import { describe, expect, it } from 'vitest';
import { createFakeHost, runFlow, trackCoverage } from '../support/flow-harness.ts';

const coverage = trackCoverage('board-reports');

// The reports page shows one report at a time: delinquency first, then aging and back.
describe('board-reports flow', () => {
  it('starts on the delinquency report and switches between the two without calling anything', () => {
    const host = createFakeHost();
    const flow = runFlow('board-reports', host, { coverage });
    expect(flow.state()).toBe('delinquency');
    flow.send({ type: 'SHOW_AGING' });
    expect(flow.state()).toBe('aging');
    flow.send({ type: 'SHOW_DELINQUENCY' });
    expect(flow.state()).toBe('delinquency');
    expect(host.calls).toEqual([]);
  });
});

it('board-reports flow: every state is reached by a test above', () => {
  expect(coverage.missing()).toEqual([]);
});
