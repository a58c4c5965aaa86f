import { describe, expect, it } from 'vitest';
import { publicLibrary } from '../../../flows/documents.ts';
import { createFakeHost, fail, runFlow, trackCoverage, type FakeHostOptions } from '../support/flow-harness.ts';

const coverage = trackCoverage('public-documents');

// The public page's library: the association named by ?association=CODE, without signing in.
const configuration = {
  association: { id: 2, code: 'maplegrove', name: 'Maple Grove HOA', logoUrl: null, designTemplate: 'Evergreen' },
  acceptsCard: true, acceptsBank: true, largeAmountThresholdCents: 200_000, largeAmountFeeBasisPoints: 100, fees: [],
};
const rules = { id: 3, name: 'Rules and Regulations.pdf', folderId: 11, contentType: 'application/pdf', sizeBytes: 2048, uploadedAt: '2030-01-05T10:00:00.000Z', permission: 'everyone' };
const root = {
  associationId: 2, associationName: 'Maple Grove HOA', canManage: false,
  folders: [{ id: 11, name: 'Governing Documents', parentId: 0, permission: 'everyone', documentCount: 1 }], documents: [],
};
const governing = {
  folder: root.folders[0], breadcrumb: [{ id: 11, name: 'Governing Documents' }], canManage: false, folders: [], documents: [rules],
};
const answers = { getGuestConfiguration: configuration, listDocumentFolders: root, getDocumentFolder: governing };
const start = (options: FakeHostOptions = {}) => {
  const host = createFakeHost({ answers, query: { association: 'maplegrove' }, ...options });
  return { host, flow: runFlow('public-documents', host, { coverage }) };
};

describe('publicLibrary', () => {
  it('takes the association from its configuration and the folder from the address', () => {
    expect(publicLibrary(configuration as never, { id: '11' })).toEqual({ associationId: 2, associationName: 'Maple Grove HOA', associationCode: 'maplegrove', folderId: 11 });
    expect(publicLibrary(configuration as never, {}).folderId).toBe(0);
    expect(publicLibrary(configuration as never, { id: 'abc' }).folderId).toBe(0);
  });
});

describe('public-documents flow', () => {
  it('finds the association by its code, then lists its public root', async () => {
    const { host, flow } = start();
    await flow.settle();
    expect(flow.state()).toBe('ready');
    expect(host.callsTo('getGuestConfiguration')).toEqual([{ query: { associationCode: 'maplegrove' }, suppressToast: true }]);
    expect(host.callsTo('listDocumentFolders')).toEqual([{ params: { id: 2 }, query: { parentId: 0 }, suppressToast: true }]);
    expect(flow.context()).toMatchObject({ associationName: 'Maple Grove HOA', inFolder: false, canManage: false });
  });

  it('opens the folder of the address with its documents', async () => {
    const { host, flow } = start({ route: { id: '11' } });
    await flow.settle();
    expect(host.callsTo('getDocumentFolder')).toEqual([{ params: { id: 2, dirId: 11 }, suppressToast: true }]);
    expect((flow.context().documents as { name: string; previewable: boolean }[])).toMatchObject([{ name: 'Rules and Regulations.pdf', previewable: true }]);
  });

  it('without a code, or with an unknown one, says where to come from; a failed read offers to try again', async () => {
    const none = start({ query: {} });
    await none.flow.settle();
    expect(none.flow.state()).toBe('noAssociation');
    expect(none.host.calls).toEqual([]);
    const unknown = start({ answers: { ...answers, getGuestConfiguration: fail(404, { errorCode: 'GP001', detail: 'Association not found' }) } });
    await unknown.flow.settle();
    expect(unknown.flow.state()).toBe('noAssociation');
    const hidden = start({ route: { id: '15' }, answers: { ...answers, getDocumentFolder: fail(404, { errorCode: 'DOC002', detail: 'Folder not found' }) } });
    await hidden.flow.settle();
    expect(hidden.flow.state()).toBe('failed');
    hidden.host.answers.getDocumentFolder = governing;
    hidden.flow.send({ type: 'RETRY' });
    await hidden.flow.settle();
    expect(hidden.flow.state()).toBe('ready');
    const down = start({ answers: { ...answers, listDocumentFolders: fail(500, { detail: 'Down' }) } });
    await down.flow.settle();
    expect(down.flow.state()).toBe('failed');
  });
});

it('public-documents flow: every state is reached and every operation outcome is taken by a test above', () => {
  expect(coverage.missing()).toEqual([]);
});
