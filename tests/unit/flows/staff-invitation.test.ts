import { describe, expect, it } from 'vitest';
import { createFakeHost, fail, runFlow, trackCoverage } from '../support/flow-harness.ts';

const coverage = trackCoverage('staff-invitation');

// Accepting an invitation to a management company's staff, from the link's token.
const form = { firstName: 'Nia', lastName: 'Hart', password: 'Welcome#2026', confirmPassword: 'Welcome#2026' };
const start = (answer: unknown) => {
  const host = createFakeHost({ answers: { acceptStaffInvitation: answer as never }, route: { token: 't'.repeat(43) } });
  return { host, flow: runFlow('staff-invitation', host, { coverage }) };
};

describe('staff-invitation flow', () => {
  it('sends the token with the name and password (not the confirmation), then says who joined', async () => {
    const { host, flow } = start({ email: 'new.person@example.com', company: 'Summit', role: 'staff' });
    flow.send({ type: 'SUBMIT', data: form });
    await flow.settle();
    expect(host.callsTo('acceptStaffInvitation')).toEqual([expect.objectContaining({ body: { invitation: 't'.repeat(43), firstName: 'Nia', lastName: 'Hart', password: 'Welcome#2026' } })]);
    expect(flow.state()).toBe('joined');
    expect(flow.context()).toMatchObject({ joined: { company: 'Summit' } });
  });

  it('an invitation used or expired ends the page; another refusal stays by the form', async () => {
    const gone = start(fail(410, { errorCode: 'STF001' }));
    gone.flow.send({ type: 'SUBMIT', data: form });
    await gone.flow.settle();
    expect(gone.flow.state()).toBe('gone');
    expect(gone.flow.context()).toMatchObject({ error: { code: 'STF001' } });
    const refused = start(fail(400, {}));
    refused.flow.send({ type: 'SUBMIT', data: form });
    await refused.flow.settle();
    expect(refused.flow.state()).toBe('editing');
  });
});

it('every state and operation outcome is reached', () => expect(coverage.missing()).toEqual([]));
