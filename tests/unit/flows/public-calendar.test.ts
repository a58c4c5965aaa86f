import { describe, expect, it } from 'vitest';
import { createFakeHost, fail, runFlow, trackCoverage, type FakeHostOptions } from '../support/flow-harness.ts';

const coverage = trackCoverage('public-calendar');

// The public calendar: the association named by ?association=CODE, without signing in.
const configuration = {
  association: { id: 2, code: 'maplegrove', name: 'Maple Grove HOA', logoUrl: null, designTemplate: 'Evergreen' },
  acceptsCard: true, acceptsBank: true, largeAmountThresholdCents: 200_000, largeAmountFeeBasisPoints: 100, fees: [],
};
const picnic = { id: 'event-4', kind: 'event', title: 'Summer picnic', start: '2030-06-01T16:00:00.000Z', end: '2030-06-01T19:00:00.000Z', allDay: false, mine: false, canDecide: false };
const start = (options: FakeHostOptions = {}) => {
  const host = createFakeHost({ answers: { getGuestConfiguration: configuration }, query: { association: 'maplegrove' }, ...options });
  return { host, flow: runFlow('public-calendar', host, { coverage }) };
};

describe('public-calendar flow', () => {
  it('finds the association by its code, then opens and closes an event', async () => {
    const { host, flow } = start();
    await flow.settle();
    expect(flow.state()).toBe('browsing');
    expect(host.callsTo('getGuestConfiguration')).toEqual([{ query: { associationCode: 'maplegrove' }, suppressToast: true }]);
    expect(flow.context()).toMatchObject({ associationId: 2, associationName: 'Maple Grove HOA', associationCode: 'maplegrove' });
    flow.send({ type: 'CHOOSE', data: picnic });
    expect(flow.state()).toBe('viewing');
    expect(flow.context().chosen).toMatchObject({ title: 'Summer picnic', timed: true });
    flow.send({ type: 'CLOSE' });
    expect(flow.state()).toBe('browsing');
    expect(flow.context().chosen).toBeNull();
  });

  it('without a code, or with an unknown one, says where to come from', async () => {
    const none = start({ query: {} });
    await none.flow.settle();
    expect(none.flow.state()).toBe('noAssociation');
    expect(none.host.calls).toEqual([]);
    const unknown = start({ answers: { getGuestConfiguration: fail(404, { errorCode: 'GP001', detail: 'Association not found' }) } });
    await unknown.flow.settle();
    expect(unknown.flow.state()).toBe('noAssociation');
  });
});

it('public-calendar flow: every state is reached and every operation outcome is taken by a test above', () => {
  expect(coverage.missing()).toEqual([]);
});
