import { describe, expect, it } from 'vitest';
import { isMissingPage } from '../../../flows/custom-page.ts';
import { createFakeHost, fail, runFlow, trackCoverage } from '../support/flow-harness.ts';

const coverage = trackCoverage('custom-page');

// A content page at /custom/<key>: for the address's association (the public site) or the selected
// property's; a key the server does not have is the not-found page, another failure a retry.
const page = { key: 'pool-rules', title: 'Pool rules', body: '# Pool', public: false, level: 'company', updatedAt: '2026-11-01T00:00:00.000Z' };
const guest = { association: { id: 12, code: 'maplegrove', name: 'Maple Grove HOA' } };
const start = (options: { answers?: Record<string, unknown>; query?: Record<string, unknown>; session?: Record<string, unknown> } = {}) => {
  const host = createFakeHost({ answers: { getAssociationPage: page, getGuestConfiguration: guest, ...options.answers } as never, route: { legacyAction: 'Pool-Rules' }, query: options.query, session: options.session });
  return { host, flow: runFlow('custom-page', host, { coverage }) };
};

describe('isMissingPage', () => {
  it('takes 404 and 400 for a page that is not there, anything else for a failure', () => {
    expect([404, 400, 500, 401].map((status) => isMissingPage({ status }))).toEqual([true, true, false, false]);
    expect(isMissingPage(undefined)).toBe(false);
  });
});

describe('custom-page flow', () => {
  it('reads the page of the selected association by the address key', async () => {
    const { host, flow } = start({ session: { selectedAssociationId: 7 } });
    await flow.settle();
    expect(host.callsTo('getAssociationPage')).toEqual([expect.objectContaining({ params: { id: 7, key: 'Pool-Rules' } })]);
    expect(flow.state()).toBe('ready');
    expect(flow.context()).toMatchObject({ associationId: 7, page: { title: 'Pool rules' } });
  });

  it("on the public site, reads the page of the address's association", async () => {
    const { host, flow } = start({ query: { association: 'maplegrove' } });
    await flow.settle();
    expect(host.callsTo('getGuestConfiguration')).toEqual([expect.objectContaining({ query: { associationCode: 'maplegrove' } })]);
    expect(host.callsTo('getAssociationPage')).toEqual([expect.objectContaining({ params: { id: 12, key: 'Pool-Rules' } })]);
    expect(flow.state()).toBe('ready');
  });

  it('is not found without an association, for an unknown association or an unknown key', async () => {
    const none = start();
    await none.flow.settle();
    expect(none.flow.state()).toBe('notFound');
    expect(none.host.callsTo('getAssociationPage')).toEqual([]);
    const unknownAssociation = start({ query: { association: 'nowhere' }, answers: { getGuestConfiguration: fail(404, { errorCode: 'GP001' }) } });
    await unknownAssociation.flow.settle();
    expect(unknownAssociation.flow.state()).toBe('notFound');
    const unknownKey = start({ session: { selectedAssociationId: 7 }, answers: { getAssociationPage: fail(404, { errorCode: 'CPG404' }) } });
    await unknownKey.flow.settle();
    expect(unknownKey.flow.state()).toBe('notFound');
  });

  it('a page that cannot be read waits for a retry', async () => {
    const { host, flow } = start({ session: { selectedAssociationId: 7 }, answers: { getAssociationPage: fail(500) } });
    await flow.settle();
    expect(flow.state()).toBe('failed');
    host.answers.getAssociationPage = page as never;
    flow.send({ type: 'RETRY' });
    await flow.settle();
    expect(flow.state()).toBe('ready');
  });
});
