import { describe, expect, it } from 'vitest';
import { documentKind, folderPath, listedDocument, locate, shownLibrary, shownResult } from '../../../flows/documents.ts';
import { fileSize } from '../../../flows/file-size.ts';
import { documentTargets, folderTargets, foldersWithPaths } from '../../../flows/document-moves.ts';
import { createFakeHost, fail, runFlow, trackCoverage, type FakeHostOptions, type FlowRun } from '../support/flow-harness.ts';

const coverage = trackCoverage('documents');

const session = { userId: 5107, selectedAssociation: { id: 2, name: 'Maple Grove HOA' } };
/** The address of folder 15 ("Board / Minutes") of association 2. */
const inMinutes = { associationId: '2', folderId: '15' };

const board = { id: 10, name: 'Board', parentId: 0, permission: 'owners', documentCount: 1 };
const pool = { id: 11, name: 'Pool', parentId: 0, permission: 'everyone', documentCount: 2 };
const archive = { id: 16, name: '2029', parentId: 15, permission: 'board', documentCount: 0 };
const budget = {
  id: 301, name: 'Budget 2030.pdf', folderId: 15, contentType: 'application/pdf', sizeBytes: 1_258_291,
  uploadedAt: '2030-01-15T14:00:00.000Z', permission: 'board',
};
const dues = {
  id: 302, name: 'Dues.xlsx', folderId: 15, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', sizeBytes: 348_160,
  uploadedAt: '2030-01-16T09:30:00.000Z', permission: 'board',
};
const copy = { ...budget, id: 303, name: 'Budget 2030 (copy).pdf' };
const root = { associationId: 2, associationName: 'Maple Grove HOA', canManage: false, folders: [board, pool], documents: [] };
const minutes = {
  folder: { id: 15, name: 'Minutes', parentId: 10, permission: 'board', documentCount: 2 },
  breadcrumb: [{ id: 10, name: 'Board' }, { id: 15, name: 'Minutes' }],
  canManage: true,
  folders: [archive],
  documents: [budget, dues],
};
const found = {
  results: [
    {
      document: budget,
      folderPath: [{ id: 10, name: 'Board' }, { id: 15, name: 'Minutes' }],
      snippet: [{ text: 'The ', highlight: false }, { text: 'budget', highlight: true }, { text: ' for 2030', highlight: false }],
    },
    { document: { ...dues, id: 310, folderId: 11, permission: 'everyone' }, folderPath: [{ id: 11, name: 'Pool' }], snippet: [{ text: 'pool budget', highlight: true }] },
  ],
};
/** The whole tree (listDocumentFolders without parentId): parents before children, by name. */
const minutesFolder = { id: 15, name: 'Minutes', parentId: 10, permission: 'board', documentCount: 2 };
const tree = [board, minutesFolder, archive, { id: 18, name: 'Q1', parentId: 16, permission: 'board', documentCount: 0 }, pool];
const treeOrRoot = (request: { query?: Record<string, unknown> }) => ({ ...root, folders: request.query?.parentId === undefined ? tree : root.folders });
const answers = {
  listDocumentFolders: treeOrRoot,
  getDocumentFolder: minutes,
  searchDocuments: found,
  createDocumentFolder: { folder: { id: 17, name: 'Minutes 2030', parentId: 15, permission: 'board', documentCount: 0 } },
  updateDocumentFolder: { folder: { ...minutes.folder, name: 'Board minutes' } },
  deleteDocumentFolder: null,
  updateDocument: { document: { ...budget, name: 'Budget 2030 (approved).pdf' } },
  duplicateDocument: { document: copy },
  deleteDocument: null,
};
const start = (options: FakeHostOptions = {}) => {
  const host = createFakeHost({ answers, session, route: inMinutes, ...options });
  return { host, flow: runFlow('documents', host, { coverage }) };
};
async function ready(flow: FlowRun) {
  await flow.settle();
  expect(flow.state()).toBe('ready');
}
const nameTaken = fail(409, { status: 409, title: 'Conflict', detail: 'This name already exists, please enter a different name.', errorCode: 'DOC004' });
const takenError = { code: 'DOC004', text: 'This name already exists, please enter a different name.', status: 409 };
const folderGone = fail(404, { status: 404, title: 'Not Found', detail: 'Folder not found', errorCode: 'DOC002' });
const documentGone = fail(404, { status: 404, title: 'Not Found', detail: 'Document not found', errorCode: 'DOC001' });
const broken = fail(500, { status: 500, title: 'Internal Server Error', detail: 'Something went wrong' });
const brokenError = { code: undefined, text: 'Something went wrong', status: 500 };

describe('fileSize', () => {
  it('counts bytes, then whole KB, then MB with one decimal', () => {
    expect(fileSize(0)).toBe('0 bytes');
    expect(fileSize(12)).toBe('12 bytes');
    expect(fileSize(1023)).toBe('1023 bytes');
    expect(fileSize(1024)).toBe('1 KB');
    expect(fileSize(348_160)).toBe('340 KB');
    expect(fileSize(1536)).toBe('2 KB');
    expect(fileSize(1024 * 1024)).toBe('1.0 MB');
    expect(fileSize(1_258_291)).toBe('1.2 MB');
    expect(fileSize(25 * 1024 * 1024)).toBe('25.0 MB');
  });
});

describe('folderPath', () => {
  it('names a folder of a library, or the library\'s root without one', () => {
    expect(folderPath(2)).toBe('/community/documents/a/2/f');
    expect(folderPath(2, 0)).toBe('/community/documents/a/2/f');
    expect(folderPath(2, 15)).toBe('/community/documents/a/2/f/15');
  });
});

describe('listedDocument', () => {
  it('adds the size as shown, whether it can be previewed, and where its preview is', () => {
    expect(listedDocument(budget as never, 2)).toEqual({ ...budget, size: '1.2 MB', kind: 'pdf', previewable: true, previewPath: '/document/2/301/preview' });
    expect(listedDocument(dues as never, 2)).toEqual({ ...dues, size: '340 KB', kind: 'spreadsheet', previewable: false, previewPath: '/document/2/302/preview' });
  });

  it('names the kind of file, for its icon: by content type, else by the name\'s ending', () => {
    expect(documentKind('application/pdf', 'Budget')).toBe('pdf');
    expect(documentKind('image/png', 'Sign')).toBe('image');
    expect(documentKind('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'Dues')).toBe('spreadsheet');
    expect(documentKind('application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'Rules')).toBe('word');
    expect(documentKind('application/octet-stream', 'Old rules.DOCX')).toBe('word');
    expect(documentKind('application/octet-stream', 'Ledger.csv')).toBe('spreadsheet');
    expect(documentKind('text/plain', 'Contractors.txt')).toBe('file');
    expect(documentKind('', 'no ending')).toBe('file');
  });

  it('previews PDFs and the common images only', () => {
    const previewable = (contentType: string) => listedDocument({ ...budget, contentType } as never, 2).previewable;
    for (const type of ['application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/webp']) expect(previewable(type)).toBe(true);
    for (const type of ['image/svg+xml', 'text/plain', 'text/html', 'application/pdfx', 'x-application/pdf', '']) expect(previewable(type)).toBe(false);
  });
});

describe('locate', () => {
  it('takes the library and folder from the address', () => {
    expect(locate(inMinutes, session)).toEqual({ associationId: 2, folderId: 15 });
    expect(locate({ associationId: '7', folderId: '40' }, session)).toEqual({ associationId: 7, folderId: 40 });
    expect(locate({ associationId: '7' }, session)).toEqual({ associationId: 7, folderId: 0 });
  });

  it('uses the selected association for an address without one (`:id` is then a folder of it)', () => {
    expect(locate({}, session)).toEqual({ associationId: 2, folderId: 0 });
    expect(locate({ id: '15' }, session)).toEqual({ associationId: 2, folderId: 15 });
    expect(locate({ associationId: 'abc', folderId: '15' }, session)).toEqual({ associationId: 2, folderId: 15 });
    expect(locate({ associationId: '0' }, session)).toEqual({ associationId: 2, folderId: 0 });
    expect(locate({ associationId: '-7' }, session)).toEqual({ associationId: 2, folderId: 0 });
  });

  it('names no library without an association in the address or the session', () => {
    expect(locate({}, {})).toEqual({ associationId: null, folderId: 0 });
    expect(locate({ id: '15' }, { selectedAssociation: null })).toEqual({ associationId: null, folderId: 15 });
    expect(locate({}, { selectedAssociation: {} })).toEqual({ associationId: null, folderId: 0 });
  });

  it('reads a folder that is not a positive whole number as the root', () => {
    for (const folderId of ['0', '-3', '1.5', 'abc', '', null, undefined]) expect(locate({ associationId: '2', folderId }, session).folderId).toBe(0);
  });
});

describe('shownLibrary', () => {
  it('shows the root with the association\'s name and no breadcrumb', () => {
    expect(shownLibrary(root as never, 2)).toEqual({
      library: { associationId: 2, name: 'Maple Grove HOA', folderName: null, everyone: false, owners: false, board: false },
      inFolder: false,
      canManage: false,
      rootPath: '/community/documents/a/2/f',
      parentPath: '/community/documents/a/2/f',
      breadcrumb: [],
      folders: [{ ...board, path: '/community/documents/a/2/f/10' }, { ...pool, path: '/community/documents/a/2/f/11' }],
      documents: [],
      emptyLibrary: false,
      emptyFolder: false,
    });
  });

  it('shows a folder with its breadcrumb (the last one current), its parent, who may see it and its contents', () => {
    expect(shownLibrary(minutes as never, 2)).toEqual({
      library: { associationId: 2, name: null, folderName: 'Minutes', everyone: false, owners: false, board: true },
      inFolder: true,
      canManage: true,
      rootPath: '/community/documents/a/2/f',
      parentPath: '/community/documents/a/2/f/10',
      breadcrumb: [
        { id: 10, name: 'Board', path: '/community/documents/a/2/f/10', current: false },
        { id: 15, name: 'Minutes', path: '/community/documents/a/2/f/15', current: true },
      ],
      folders: [{ ...archive, path: '/community/documents/a/2/f/16' }],
      documents: [listedDocument(budget as never, 2), listedDocument(dues as never, 2)],
      emptyLibrary: false,
      emptyFolder: false,
    });
  });

  it('says a library or a folder with neither folders nor documents is empty', () => {
    expect(shownLibrary({ ...minutes, folders: [], documents: [] } as never, 2)).toMatchObject({ emptyLibrary: false, emptyFolder: true });
    expect(shownLibrary({ ...root, folders: [] } as never, 2)).toMatchObject({ emptyLibrary: true, emptyFolder: false });
  });

  it('a folder at the root has the root as its parent; each permission sets its own flag', () => {
    const top = { ...minutes, folder: { ...board, permission: 'everyone' }, breadcrumb: [{ id: 10, name: 'Board' }], folders: [], documents: [] };
    const shown = shownLibrary(top as never, 2);
    expect(shown.parentPath).toBe('/community/documents/a/2/f');
    expect(shown.breadcrumb).toEqual([{ id: 10, name: 'Board', path: '/community/documents/a/2/f/10', current: true }]);
    expect(shown.library).toMatchObject({ everyone: true, owners: false, board: false });
    expect(shownLibrary({ ...top, folder: { ...board, permission: 'owners' } } as never, 2).library).toMatchObject({ everyone: false, owners: true, board: false });
  });
});

describe('shownResult', () => {
  it('shows a found document with its folder path and its excerpt as plain text', () => {
    expect(shownResult(found.results[0] as never, 2)).toEqual({ ...listedDocument(budget as never, 2), where: 'Board / Minutes', excerpt: 'The budget for 2030' });
    expect(shownResult({ ...found.results[1], folderPath: [], snippet: [] } as never, 2)).toMatchObject({ id: 310, where: '', excerpt: '', previewable: false });
  });
});

describe('move targets', () => {
  it('names each folder by its path from the library\'s top', () => {
    expect(foldersWithPaths(tree as never).map((folder) => folder.path)).toEqual(['Board', 'Board / Minutes', 'Board / Minutes / 2029', 'Board / Minutes / 2029 / Q1', 'Pool']);
  });
  it('a folder may go to the top or any folder that is not itself, inside it or where it is now', () => {
    expect(folderTargets(tree as never, 15, 10)).toEqual([{ value: 0, label: 'documents.moveToTop' }, { value: 11, label: 'Pool' }]);
    expect(folderTargets(tree as never, 16, 15)).toEqual([
      { value: 0, label: 'documents.moveToTop' }, { value: 10, label: 'Board' }, { value: 11, label: 'Pool' },
    ]);
  });
  it('a folder at the top is not offered the top again', () => {
    expect(folderTargets(tree as never, 11, 0)).toEqual([
      { value: 10, label: 'Board' }, { value: 15, label: 'Board / Minutes' }, { value: 16, label: 'Board / Minutes / 2029' }, { value: 18, label: 'Board / Minutes / 2029 / Q1' },
    ]);
  });
  it('a document may go to any folder but its own, never to the top', () => {
    expect(documentTargets(tree as never, 15).map((target) => target.value)).toEqual([10, 16, 18, 11]);
  });
});

describe('documents flow', () => {
  it('shows the selected association\'s root when the address names nothing', async () => {
    const { host, flow } = start({ route: {} });
    expect(flow.state()).toBe('loadingRoot');
    await ready(flow);
    expect(host.calls.map((call) => call.operationId)).toEqual(['listDocumentFolders']);
    expect(host.callsTo('listDocumentFolders')).toEqual([{ params: { id: 2 }, query: { parentId: 0 }, suppressToast: true }]);
    expect(flow.context()).toMatchObject({ ...shownLibrary(root as never, 2), associationId: 2, folderId: 0, error: null });
  });

  it('shows the root of the association the address names, whichever is selected', async () => {
    const { host, flow } = start({ route: { associationId: '7' } });
    await ready(flow);
    expect(host.callsTo('listDocumentFolders')).toEqual([{ params: { id: 7 }, query: { parentId: 0 }, suppressToast: true }]);
    expect(flow.context()).toMatchObject({ associationId: 7, folderId: 0, rootPath: '/community/documents/a/7/f' });
  });

  it('shows the folder of the address with its breadcrumb and parent', async () => {
    const { host, flow } = start();
    expect(flow.state()).toBe('loadingFolder');
    await ready(flow);
    expect(host.calls.map((call) => call.operationId)).toEqual(['getDocumentFolder']);
    expect(host.callsTo('getDocumentFolder')).toEqual([{ params: { id: 2, dirId: 15 }, suppressToast: true }]);
    expect(flow.context()).toMatchObject({
      ...shownLibrary(minutes as never, 2), associationId: 2, folderId: 15, canManage: true, parentPath: '/community/documents/a/2/f/10',
    });
    expect((flow.context().breadcrumb as { id: number; current: boolean }[]).map((crumb) => [crumb.id, crumb.current])).toEqual([[10, false], [15, true]]);
  });

  it('`:id` in the address is a folder of the selected association', async () => {
    const { host, flow } = start({ route: { id: '15' } });
    await ready(flow);
    expect(host.callsTo('getDocumentFolder')).toEqual([{ params: { id: 2, dirId: 15 }, suppressToast: true }]);
    expect(flow.context()).toMatchObject({ associationId: 2, folderId: 15, library: { folderName: 'Minutes' } });
  });

  it('without an association in the address or the session there is no library, and nothing is asked', async () => {
    for (const without of [{ userId: 5107 }, { userId: 5107, selectedAssociation: null }]) {
      const { host, flow } = start({ route: {}, session: without });
      expect(flow.state()).toBe('noAssociation');
      await flow.settle();
      expect(flow.state()).toBe('noAssociation');
      expect(host.calls).toEqual([]);
      expect(flow.context()).toMatchObject({ associationId: null, library: null });
    }
  });

  it('a folder that cannot be read leaves the flow failed with the error; retry reads it again', async () => {
    const { host, flow } = start({ answers: { ...answers, getDocumentFolder: folderGone } });
    await flow.settle();
    expect(flow.state()).toBe('failed');
    expect(flow.context()).toMatchObject({ library: null, error: { code: 'DOC002', text: 'Folder not found', status: 404 } });
    host.answers.getDocumentFolder = minutes;
    flow.send({ type: 'RETRY' });
    await ready(flow);
    expect(flow.context()).toMatchObject({ error: null, library: { folderName: 'Minutes' } });
    expect(host.callsTo('getDocumentFolder')).toHaveLength(2);
  });

  it('a root that cannot be read leaves the flow failed with the error', async () => {
    const { host, flow } = start({ route: {}, answers: { ...answers, listDocumentFolders: broken } });
    await flow.settle();
    expect(flow.state()).toBe('failed');
    expect(flow.context()).toMatchObject({ library: null, error: brokenError });
    host.answers.listDocumentFolders = root;
    flow.send({ type: 'RETRY' });
    await ready(flow);
    expect(host.callsTo('listDocumentFolders')).toHaveLength(2);
    expect(host.callsTo('getDocumentFolder')).toEqual([]);
  });

  it('searches the library, searches again, and back returns to the folder without reading it again', async () => {
    const { host, flow } = start();
    await ready(flow);
    flow.send({ type: 'SEARCH', data: { q: 'budget' } });
    expect(flow.state()).toBe('searching');
    await flow.settle();
    expect(flow.state()).toBe('showingResults');
    expect(host.callsTo('searchDocuments')).toEqual([{ params: { id: 2 }, query: { q: 'budget' }, suppressToast: true }]);
    expect(flow.context()).toMatchObject({ query: 'budget', results: found.results.map((result) => shownResult(result as never, 2)) });
    host.answers.searchDocuments = { results: [] };
    flow.send({ type: 'SEARCH', data: { q: '"annual meeting"' } });
    await flow.settle();
    expect(flow.state()).toBe('showingResults');
    expect(host.callsTo('searchDocuments')[1]).toEqual({ params: { id: 2 }, query: { q: '"annual meeting"' }, suppressToast: true });
    expect(flow.context()).toMatchObject({ query: '"annual meeting"', results: [] });
    flow.send({ type: 'BACK' });
    expect(flow.state()).toBe('ready');
    expect(flow.context()).toMatchObject({ query: '', results: [], error: null, library: { folderName: 'Minutes' } });
    expect(host.callsTo('getDocumentFolder')).toHaveLength(1);
  });

  it('a search for nothing (the box is optional) asks nothing: it stays on the folder, or returns to it from results', async () => {
    const { host, flow } = start();
    await ready(flow);
    flow.send({ type: 'SEARCH', data: {} });
    flow.send({ type: 'SEARCH', data: { q: '   ' } });
    expect(flow.state()).toBe('ready');
    expect(host.callsTo('searchDocuments')).toEqual([]);
    flow.send({ type: 'SEARCH', data: { q: 'budget' } });
    await flow.settle();
    expect(flow.state()).toBe('showingResults');
    flow.send({ type: 'SEARCH', data: {} });
    expect(flow.state()).toBe('ready');
    expect(flow.context()).toMatchObject({ query: '', results: [], library: { folderName: 'Minutes' } });
    expect(host.callsTo('searchDocuments')).toHaveLength(1);
  });

  it('a search that fails stays on the folder with the error', async () => {
    const { host, flow } = start({ answers: { ...answers, searchDocuments: broken } });
    await ready(flow);
    flow.send({ type: 'SEARCH', data: { q: 'budget' } });
    await ready(flow);
    expect(flow.context()).toMatchObject({ results: [], error: brokenError, library: { folderName: 'Minutes' } });
    expect(host.callsTo('searchDocuments')).toHaveLength(1);
  });

  it('an upload reads the folder again with a toast', async () => {
    const { host, flow } = start();
    await ready(flow);
    host.answers.getDocumentFolder = { ...minutes, documents: [budget, dues, copy] };
    flow.send({ type: 'UPLOADED' });
    await ready(flow);
    expect(host.toasts).toEqual([{ status: 'success', titleKey: 'documents.uploaded' }]);
    expect(host.callsTo('getDocumentFolder')).toEqual([{ params: { id: 2, dirId: 15 }, suppressToast: true }, { params: { id: 2, dirId: 15 }, suppressToast: true }]);
    expect((flow.context().documents as { id: number }[]).map((document) => document.id)).toEqual([301, 302, 303]);
  });

  it('creates a folder in the folder shown with its name and permission, then reads it again', async () => {
    const { host, flow } = start();
    await ready(flow);
    flow.send({ type: 'NEW_FOLDER' });
    expect(flow.state()).toBe('addingFolder');
    flow.send({ type: 'SUBMIT', data: { name: 'Minutes 2030', permission: 'board' } });
    expect(flow.state()).toBe('creatingFolder');
    await ready(flow);
    expect(host.callsTo('createDocumentFolder')).toEqual([{
      params: { id: 2, dirId: 15 }, body: { name: 'Minutes 2030', permission: 'board' }, suppressToast: true,
    }]);
    expect(host.toasts).toEqual([{ status: 'success', titleKey: 'documents.folderCreated' }]);
    expect(host.callsTo('getDocumentFolder')).toHaveLength(2);
    expect(flow.context()).toMatchObject({ body: null, error: null });
  });

  it('creates a folder at the root with parent 0', async () => {
    const { host, flow } = start({ route: {} });
    await ready(flow);
    flow.send({ type: 'NEW_FOLDER' });
    flow.send({ type: 'SUBMIT', data: { name: 'Insurance', permission: 'owners' } });
    await ready(flow);
    expect(host.callsTo('createDocumentFolder')).toEqual([{ params: { id: 2, dirId: 0 }, body: { name: 'Insurance', permission: 'owners' }, suppressToast: true }]);
    expect(host.callsTo('listDocumentFolders')).toHaveLength(2);
  });

  it('a folder name already taken keeps the form and its values with the error; cancel returns to the folder', async () => {
    const { host, flow } = start({ answers: { ...answers, createDocumentFolder: nameTaken } });
    await ready(flow);
    flow.send({ type: 'NEW_FOLDER' });
    flow.send({ type: 'SUBMIT', data: { name: 'minutes', permission: 'board' } });
    await flow.settle();
    expect(flow.state()).toBe('addingFolder');
    expect(flow.context()).toMatchObject({ error: takenError, body: { name: 'minutes', permission: 'board' } });
    expect(host.toasts).toEqual([]);
    expect(host.callsTo('getDocumentFolder')).toHaveLength(1);
    flow.send({ type: 'CANCEL' });
    expect(flow.state()).toBe('ready');
    expect(flow.context().error).toBeNull();
  });

  it('renames the folder shown, then reads it again', async () => {
    const { host, flow } = start();
    await ready(flow);
    flow.send({ type: 'RENAME_FOLDER' });
    expect(flow.state()).toBe('renamingFolder');
    host.answers.getDocumentFolder = { ...minutes, folder: { ...minutes.folder, name: 'Board minutes' }, breadcrumb: [{ id: 10, name: 'Board' }, { id: 15, name: 'Board minutes' }] };
    flow.send({ type: 'SUBMIT', data: { name: 'Board minutes' } });
    expect(flow.state()).toBe('savingFolderName');
    await ready(flow);
    expect(host.callsTo('updateDocumentFolder')).toEqual([{ params: { id: 2, dirId: 15 }, body: { name: 'Board minutes' }, suppressToast: true }]);
    expect(host.toasts).toEqual([{ status: 'success', titleKey: 'documents.renamed' }]);
    expect(flow.context()).toMatchObject({ body: null, library: { folderName: 'Board minutes' } });
  });

  it('a folder name already taken keeps the rename form with the error; cancel returns to the folder', async () => {
    const { host, flow } = start({ answers: { ...answers, updateDocumentFolder: nameTaken } });
    await ready(flow);
    flow.send({ type: 'RENAME_FOLDER' });
    flow.send({ type: 'SUBMIT', data: { name: 'Pool' } });
    await flow.settle();
    expect(flow.state()).toBe('renamingFolder');
    expect(flow.context()).toMatchObject({ error: takenError, body: { name: 'Pool' } });
    expect(host.toasts).toEqual([]);
    flow.send({ type: 'CANCEL' });
    expect(flow.state()).toBe('ready');
    expect(flow.context().error).toBeNull();
  });

  it('deleting the folder asks first; keep asks nothing; confirm deletes it and goes to its parent folder', async () => {
    const { host, flow } = start();
    await ready(flow);
    flow.send({ type: 'REMOVE_FOLDER' });
    expect(flow.state()).toBe('confirmingFolderRemoval');
    expect(flow.context().folderRemoval).toBe(true);
    flow.send({ type: 'KEEP' });
    expect(flow.state()).toBe('ready');
    expect(flow.context().folderRemoval).toBeNull();
    expect(host.callsTo('deleteDocumentFolder')).toEqual([]);
    flow.send({ type: 'REMOVE_FOLDER' });
    flow.send({ type: 'CONFIRM' });
    expect(flow.state()).toBe('removingFolder');
    await flow.settle();
    expect(flow.state()).toBe('left');
    expect(host.callsTo('deleteDocumentFolder')).toEqual([{ params: { id: 2, dirId: 15 }, suppressToast: true }]);
    expect(host.toasts).toEqual([{ status: 'success', titleKey: 'documents.folderRemoved' }]);
    expect(host.navigations).toEqual(['/community/documents/a/2/f/10']);
    expect(host.callsTo('getDocumentFolder')).toHaveLength(1);
  });

  it('deleting a folder at the root goes to the library\'s root', async () => {
    const { host, flow } = start({ answers: { ...answers, getDocumentFolder: { ...minutes, folder: board, breadcrumb: [{ id: 10, name: 'Board' }] } }, route: { associationId: '2', folderId: '10' } });
    await ready(flow);
    flow.send({ type: 'REMOVE_FOLDER' });
    flow.send({ type: 'CONFIRM' });
    await flow.settle();
    expect(flow.state()).toBe('left');
    expect(host.callsTo('deleteDocumentFolder')).toEqual([{ params: { id: 2, dirId: 10 }, suppressToast: true }]);
    expect(host.navigations).toEqual(['/community/documents/a/2/f']);
  });

  it('a folder that cannot be deleted stays on it with the error', async () => {
    const { host, flow } = start({ answers: { ...answers, deleteDocumentFolder: folderGone } });
    await ready(flow);
    flow.send({ type: 'REMOVE_FOLDER' });
    flow.send({ type: 'CONFIRM' });
    await ready(flow);
    expect(flow.context()).toMatchObject({ folderRemoval: null, error: { code: 'DOC002', text: 'Folder not found', status: 404 } });
    expect(host.navigations).toEqual([]);
    expect(host.toasts).toEqual([]);
  });

  it('renames a document, then reads the folder again', async () => {
    const { host, flow } = start();
    await ready(flow);
    flow.send({ type: 'RENAME', id: 301, name: 'Budget 2030.pdf' });
    expect(flow.state()).toBe('renamingDocument');
    expect(flow.context().renaming).toEqual({ id: 301, name: 'Budget 2030.pdf' });
    flow.send({ type: 'SUBMIT', data: { name: 'Budget 2030 (approved).pdf' } });
    expect(flow.state()).toBe('savingDocumentName');
    await ready(flow);
    expect(host.callsTo('updateDocument')).toEqual([{ params: { id: 2, docId: 301 }, body: { name: 'Budget 2030 (approved).pdf' }, suppressToast: true }]);
    expect(host.toasts).toEqual([{ status: 'success', titleKey: 'documents.renamed' }]);
    expect(flow.context()).toMatchObject({ renaming: null, body: null, error: null });
    expect(host.callsTo('getDocumentFolder')).toHaveLength(2);
  });

  it('a document name already taken keeps the rename form, the document and the name with the error; cancel forgets them', async () => {
    const { host, flow } = start({ answers: { ...answers, updateDocument: nameTaken } });
    await ready(flow);
    flow.send({ type: 'RENAME', id: 301, name: 'Budget 2030.pdf' });
    flow.send({ type: 'SUBMIT', data: { name: 'Dues.xlsx' } });
    await flow.settle();
    expect(flow.state()).toBe('renamingDocument');
    expect(flow.context()).toMatchObject({ error: takenError, renaming: { id: 301, name: 'Budget 2030.pdf' }, body: { name: 'Dues.xlsx' } });
    expect(host.toasts).toEqual([]);
    host.answers.updateDocument = documentGone;
    flow.send({ type: 'SUBMIT', data: { name: 'Budget (final).pdf' } });
    await flow.settle();
    expect(flow.state()).toBe('renamingDocument');
    expect(flow.context()).toMatchObject({ error: { code: 'DOC001', status: 404 }, body: { name: 'Budget (final).pdf' } });
    flow.send({ type: 'CANCEL' });
    expect(flow.state()).toBe('ready');
    expect(flow.context()).toMatchObject({ renaming: null, error: null });
  });

  it('duplicates a document, then reads the folder again', async () => {
    const { host, flow } = start();
    await ready(flow);
    host.answers.getDocumentFolder = { ...minutes, documents: [budget, copy, dues] };
    flow.send({ type: 'DUPLICATE', id: 301, name: 'Budget 2030.pdf' });
    expect(flow.state()).toBe('duplicating');
    await ready(flow);
    expect(host.callsTo('duplicateDocument')).toEqual([{ params: { id: 2, docId: 301 }, suppressToast: true }]);
    expect(host.toasts).toEqual([{ status: 'success', titleKey: 'documents.duplicated' }]);
    expect(flow.context().renaming).toBeNull();
    expect((flow.context().documents as { name: string }[]).map((document) => document.name)).toEqual(['Budget 2030.pdf', 'Budget 2030 (copy).pdf', 'Dues.xlsx']);
  });

  it('a document that cannot be duplicated stays on the folder with the error', async () => {
    const { host, flow } = start({ answers: { ...answers, duplicateDocument: documentGone } });
    await ready(flow);
    flow.send({ type: 'DUPLICATE', id: 399, name: 'Gone.pdf' });
    await ready(flow);
    expect(flow.context()).toMatchObject({ renaming: null, error: { code: 'DOC001', text: 'Document not found', status: 404 } });
    expect(host.toasts).toEqual([]);
    expect(host.callsTo('getDocumentFolder')).toHaveLength(1);
  });

  it('deleting a document asks first; keep asks nothing; confirm deletes it and reads the folder again', async () => {
    const { host, flow } = start();
    await ready(flow);
    flow.send({ type: 'REMOVE', id: 302, name: 'Dues.xlsx' });
    expect(flow.state()).toBe('confirmingRemoval');
    expect(flow.context().pendingRemoval).toEqual({ id: 302, name: 'Dues.xlsx' });
    flow.send({ type: 'KEEP' });
    expect(flow.state()).toBe('ready');
    expect(flow.context().pendingRemoval).toBeNull();
    expect(host.callsTo('deleteDocument')).toEqual([]);
    host.answers.getDocumentFolder = { ...minutes, documents: [budget] };
    flow.send({ type: 'REMOVE', id: 302, name: 'Dues.xlsx' });
    flow.send({ type: 'CONFIRM' });
    expect(flow.state()).toBe('removing');
    await ready(flow);
    expect(host.callsTo('deleteDocument')).toEqual([{ params: { id: 2, docId: 302 }, suppressToast: true }]);
    expect(host.toasts).toEqual([{ status: 'success', titleKey: 'documents.removed' }]);
    expect(flow.context().pendingRemoval).toBeNull();
    expect((flow.context().documents as { id: number }[]).map((document) => document.id)).toEqual([301]);
  });

  it('a document that cannot be deleted stays on the folder with the error, which the next action clears', async () => {
    const { host, flow } = start({ answers: { ...answers, deleteDocument: broken } });
    await ready(flow);
    flow.send({ type: 'REMOVE', id: 302, name: 'Dues.xlsx' });
    flow.send({ type: 'CONFIRM' });
    await ready(flow);
    expect(flow.context()).toMatchObject({ pendingRemoval: null, error: brokenError });
    expect(host.toasts).toEqual([]);
    expect(host.callsTo('getDocumentFolder')).toHaveLength(1);
    flow.send({ type: 'NEW_FOLDER' });
    expect(flow.state()).toBe('addingFolder');
    expect(flow.context().error).toBeNull();
  });
});

describe('documents flow: moving and who may see a folder', () => {
  it('moves the folder shown: reads the whole tree for the choices, then moves it and reads the folder again', async () => {
    const { host, flow } = start();
    await ready(flow);
    flow.send({ type: 'MOVE_FOLDER' });
    expect(flow.state()).toBe('loadingFolderTargets');
    await flow.settle();
    expect(flow.state()).toBe('choosingFolderTarget');
    expect(host.callsTo('listDocumentFolders')).toEqual([{ params: { id: 2 }, suppressToast: true }]);
    expect(flow.context()).toMatchObject({ moveTargets: [{ value: 0, label: 'documents.moveToTop' }, { value: 11, label: 'Pool' }], noMoveTargets: false });
    flow.send({ type: 'SUBMIT', data: { folderId: 11 } });
    expect(flow.state()).toBe('movingFolder');
    await ready(flow);
    expect(host.callsTo('updateDocumentFolder')).toEqual([{ params: { id: 2, dirId: 15 }, body: { parentId: 11 }, suppressToast: true }]);
    expect(host.toasts).toEqual([{ status: 'success', titleKey: 'documents.folderMoved' }]);
    expect(flow.context()).toMatchObject({ body: null, moveTargets: [], error: null });
    expect(host.callsTo('getDocumentFolder')).toHaveLength(2);
  });

  it('moves a folder to the library\'s top with parent 0', async () => {
    const { host, flow } = start();
    await ready(flow);
    flow.send({ type: 'MOVE_FOLDER' });
    await flow.settle();
    flow.send({ type: 'SUBMIT', data: { folderId: 0 } });
    await ready(flow);
    expect(host.callsTo('updateDocumentFolder')).toEqual([{ params: { id: 2, dirId: 15 }, body: { parentId: 0 }, suppressToast: true }]);
  });

  it('a refused move keeps the choices with the error; cancel returns to the folder and forgets them', async () => {
    const { host, flow } = start({ answers: { ...answers, updateDocumentFolder: nameTaken } });
    await ready(flow);
    flow.send({ type: 'MOVE_FOLDER' });
    await flow.settle();
    flow.send({ type: 'SUBMIT', data: { folderId: 11 } });
    await flow.settle();
    expect(flow.state()).toBe('choosingFolderTarget');
    expect(flow.context()).toMatchObject({ error: takenError, body: { folderId: 11 }, moveTargets: [{ value: 0 }, { value: 11 }] });
    expect(host.toasts).toEqual([]);
    expect(host.callsTo('getDocumentFolder')).toHaveLength(1);
    flow.send({ type: 'CANCEL' });
    expect(flow.state()).toBe('ready');
    expect(flow.context()).toMatchObject({ error: null, moveTargets: [] });
  });

  it('with no folder to go to, the choices are empty and say so', async () => {
    const alone = { id: 10, name: 'Board', parentId: 0, permission: 'owners', documentCount: 0 };
    const { flow } = start({
      answers: { ...answers, listDocumentFolders: { ...root, folders: [alone] }, getDocumentFolder: { ...minutes, folder: alone, breadcrumb: [{ id: 10, name: 'Board' }] } },
      route: { associationId: '2', folderId: '10' },
    });
    await ready(flow);
    flow.send({ type: 'MOVE_FOLDER' });
    await flow.settle();
    expect(flow.context()).toMatchObject({ moveTargets: [], noMoveTargets: true });
  });

  it('a tree that cannot be read stays on the folder with the error', async () => {
    const { host, flow } = start({ answers: { ...answers, listDocumentFolders: broken } });
    await ready(flow);
    flow.send({ type: 'MOVE_FOLDER' });
    await ready(flow);
    expect(flow.context().error).toEqual(brokenError);
    flow.send({ type: 'MOVE', id: 301, name: 'Budget 2030.pdf' });
    expect(flow.state()).toBe('loadingDocumentTargets');
    await ready(flow);
    expect(flow.context()).toMatchObject({ error: brokenError, moving: null });
    expect(host.callsTo('updateDocument')).toEqual([]);
  });

  it('the library\'s top cannot be moved nor have its permission changed', async () => {
    const { host, flow } = start({ route: {} });
    await ready(flow);
    flow.send({ type: 'MOVE_FOLDER' });
    flow.send({ type: 'CHANGE_PERMISSION' });
    expect(flow.state()).toBe('ready');
    expect(host.calls.map((call) => call.operationId)).toEqual(['listDocumentFolders']);
  });

  it('moves a document to another folder, then reads the folder again', async () => {
    const { host, flow } = start();
    await ready(flow);
    flow.send({ type: 'MOVE', id: 301, name: 'Budget 2030.pdf' });
    await flow.settle();
    expect(flow.state()).toBe('choosingDocumentTarget');
    expect(flow.context()).toMatchObject({ moving: { id: 301, name: 'Budget 2030.pdf' }, noMoveTargets: false });
    expect((flow.context().moveTargets as { value: number }[]).map((target) => target.value)).toEqual([10, 16, 18, 11]);
    host.answers.getDocumentFolder = { ...minutes, documents: [dues] };
    flow.send({ type: 'SUBMIT', data: { folderId: 16 } });
    expect(flow.state()).toBe('movingDocument');
    await ready(flow);
    expect(host.callsTo('updateDocument')).toEqual([{ params: { id: 2, docId: 301 }, body: { folderId: 16 }, suppressToast: true }]);
    expect(host.toasts).toEqual([{ status: 'success', titleKey: 'documents.documentMoved' }]);
    expect(flow.context()).toMatchObject({ moving: null, body: null, moveTargets: [] });
    expect((flow.context().documents as { id: number }[]).map((document) => document.id)).toEqual([302]);
  });

  it('a document name taken in the target keeps the choices with the error; cancel forgets the document', async () => {
    const { host, flow } = start({ answers: { ...answers, updateDocument: nameTaken } });
    await ready(flow);
    flow.send({ type: 'MOVE', id: 301, name: 'Budget 2030.pdf' });
    await flow.settle();
    flow.send({ type: 'SUBMIT', data: { folderId: 10 } });
    await flow.settle();
    expect(flow.state()).toBe('choosingDocumentTarget');
    expect(flow.context()).toMatchObject({ error: takenError, moving: { id: 301 }, body: { folderId: 10 } });
    expect(host.toasts).toEqual([]);
    flow.send({ type: 'CANCEL' });
    expect(flow.state()).toBe('ready');
    expect(flow.context()).toMatchObject({ error: null, moving: null, moveTargets: [] });
  });

  it('changes who may see the folder shown, starting from its permission now', async () => {
    const { host, flow } = start();
    await ready(flow);
    flow.send({ type: 'CHANGE_PERMISSION' });
    expect(flow.state()).toBe('choosingPermission');
    expect(flow.context().permissionNow).toBe('board');
    host.answers.getDocumentFolder = { ...minutes, folder: { ...minutes.folder, permission: 'owners' } };
    flow.send({ type: 'SUBMIT', data: { permission: 'owners' } });
    expect(flow.state()).toBe('savingPermission');
    await ready(flow);
    expect(host.callsTo('updateDocumentFolder')).toEqual([{ params: { id: 2, dirId: 15 }, body: { permission: 'owners' }, suppressToast: true }]);
    expect(host.toasts).toEqual([{ status: 'success', titleKey: 'documents.permissionChanged' }]);
    expect(flow.context()).toMatchObject({ body: null, library: { owners: true, board: false } });
  });

  it('a permission more open than the folder above keeps the form with the error; cancel returns', async () => {
    const tooOpen = fail(400, { status: 400, title: 'Bad Request', detail: 'A folder cannot be more open than the folder it is in.', errorCode: 'DOC007' });
    const { host, flow } = start({ answers: { ...answers, updateDocumentFolder: tooOpen } });
    await ready(flow);
    flow.send({ type: 'CHANGE_PERMISSION' });
    flow.send({ type: 'SUBMIT', data: { permission: 'everyone' } });
    await flow.settle();
    expect(flow.state()).toBe('choosingPermission');
    expect(flow.context()).toMatchObject({ error: { code: 'DOC007', status: 400 }, body: { permission: 'everyone' } });
    expect(host.toasts).toEqual([]);
    flow.send({ type: 'CANCEL' });
    expect(flow.state()).toBe('ready');
    expect(flow.context().error).toBeNull();
  });

  it('a folder open to everyone or to owners starts the form at that permission', async () => {
    for (const permission of ['everyone', 'owners']) {
      const { flow } = start({ answers: { ...answers, getDocumentFolder: { ...minutes, folder: { ...minutes.folder, permission } } } });
      await ready(flow);
      flow.send({ type: 'CHANGE_PERMISSION' });
      expect(flow.context().permissionNow).toBe(permission);
    }
  });
});

it('documents flow: every state is reached and every operation outcome is taken by a test above', () => {
  expect(coverage.missing()).toEqual([]);
});
