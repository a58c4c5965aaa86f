import { describe, expect, it } from 'vitest';
import { shownPerson } from '../../../flows/manage-person.ts';
import { createFakeHost, fail, runFlow, trackCoverage } from '../support/flow-harness.ts';

const coverage = trackCoverage('manage-person');

// An owner's page in the console: read by the address's userId; 404 is "not found", anything else a retry.
const person = {
  userId: 42,
  firstName: 'Jordan',
  lastName: 'Rivera',
  email: 'homeowner@example.com',
  accounts: [
    { accountNumber: '100234', associationCode: 'maplegrove', associationName: 'Maple Grove', address: '412 Maple Grove Lane, Springfield, IL 62701', balanceCents: 12500, daysPastDue: 40, standing: 'pastDue' },
    { accountNumber: '200411', associationCode: 'cedarpoint', associationName: 'Cedar Point', address: '1200 Ocean Drive, Miami, FL 33139', balanceCents: 0, daysPastDue: 0, standing: 'paidUp' },
  ],
  contacts: [
    { type: 'email', label: 'Login e-mail', value: 'homeowner@example.com', primary: true },
    { type: 'phone', label: 'Mobile', value: '555-0100', primary: true },
    { type: 'email', label: 'Work', value: 'jordan@work.example', primary: false },
  ],
  boardSeats: [{ associationCode: 'maplegrove', associationName: 'Maple Grove', role: 'chair' }],
};
const start = (answer: unknown = person) => {
  const host = createFakeHost({ answers: { getCompanyPerson: answer as never }, route: { userId: '42' }, session: { userId: 7 } });
  return { host, flow: runFlow('manage-person', host, { coverage }) };
};

describe('shownPerson', () => {
  it('names them, marks past-due accounts and puts e-mails and phones apart, as stored', () => {
    const shown = shownPerson(person as never);
    expect(shown.name).toBe('Jordan Rivera');
    expect(shown.accounts.map((a) => a.isPastDue)).toEqual([true, false]);
    expect(shown.emails.map((c) => c.value)).toEqual(['homeowner@example.com', 'jordan@work.example']);
    expect(shown.phones.map((c) => c.value)).toEqual(['555-0100']);
    expect(shownPerson({ ...person, firstName: '', lastName: '' } as never).name).toBe('homeowner@example.com');
  });
});

describe('manage-person flow', () => {
  it('reads the owner named by the address', async () => {
    const { host, flow } = start();
    await flow.settle();
    expect(host.calls).toEqual([{ operationId: 'getCompanyPerson', request: expect.objectContaining({ params: { userId: '42' } }) }]);
    expect(flow.state()).toBe('ready');
    expect(flow.context().person).toMatchObject({ name: 'Jordan Rivera', boardSeats: [{ role: 'chair' }] });
  });

  it('an owner the company does not know (404) is not found, with nothing to retry', async () => {
    const { host, flow } = start(fail(404, { errorCode: 'PPL001' }));
    await flow.settle();
    expect(flow.state()).toBe('notFound');
    expect(flow.context().person).toBeNull();
    expect(host.toasts).toEqual([]);
  });

  it('a page that cannot be read waits for a retry', async () => {
    const { host, flow } = start(fail(500));
    await flow.settle();
    expect(flow.state()).toBe('failed');
    host.answers.getCompanyPerson = person as never;
    flow.send({ type: 'RETRY' });
    await flow.settle();
    expect(flow.state()).toBe('ready');
  });
});

describe('manage-person flow: mimic mode', () => {
  it('the dialog asks the reason; startMimic gives the hand-over code for the link to the owner’s portal', async () => {
    const { host, flow } = start();
    await flow.settle();
    flow.send({ type: 'ASK_MIMIC' });
    expect(flow.context()).toMatchObject({ askingMimic: true, hasMimic: false });
    host.answers.startMimic = { handoverCode: 'code-1', expiresAt: '2026-11-29T17:30:00Z' };
    flow.send({ type: 'START_MIMIC', data: { reason: 'Owner asked for help on the phone' } });
    expect(flow.state()).toBe('startingMimic');
    await flow.settle();
    expect(host.callsTo('startMimic')).toEqual([{ params: { userId: '42' }, body: { reason: 'Owner asked for help on the phone' }, suppressToast: true }]);
    expect(flow.state()).toBe('ready');
    expect(flow.context()).toMatchObject({ askingMimic: true, hasMimic: true, mimic: { handoverCode: 'code-1' }, error: null });
    // Closed, the dialog forgets the code: a new one is asked for next time.
    flow.send({ type: 'CLOSE_MIMIC' });
    expect(flow.context()).toMatchObject({ askingMimic: false, hasMimic: false, mimic: null });
  });

  it('a refusal (no grant: 403 MIM002) stays in the dialog with the server’s reason', async () => {
    const { host, flow } = start();
    await flow.settle();
    flow.send({ type: 'ASK_MIMIC' });
    host.answers.startMimic = fail(403, { errorCode: 'MIM002', detail: 'No grant' });
    flow.send({ type: 'START_MIMIC', data: { reason: 'Owner asked for help' } });
    await flow.settle();
    expect(flow.state()).toBe('ready');
    expect(flow.context()).toMatchObject({ askingMimic: true, hasMimic: false, error: { code: 'MIM002', status: 403 } });
    expect(host.toasts).toEqual([]);
  });
});

it('manage-person flow: every state is reached and every operation outcome is taken by a test above', () => {
  expect(coverage.missing()).toEqual([]);
});
