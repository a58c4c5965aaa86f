import { describe, expect, it } from 'vitest';
import { pageSaveBody, shownPages } from '../../../flows/manage-pages.ts';
import { createFakeHost, fail, runFlow, trackCoverage } from '../support/flow-harness.ts';

const coverage = trackCoverage('manage-pages');

// The console's content pages: the list, writing a page beside its preview, changing and deleting one.
const companyPage = { id: 1, key: 'pool-rules', title: 'Pool rules', public: false, associationId: null, associationName: null, updatedAt: '2026-11-01T00:00:00.000Z' };
const maplePage = { id: 2, key: 'welcome', title: 'Welcome', public: true, associationId: 12, associationName: 'Maple Grove HOA', updatedAt: '2026-11-02T00:00:00.000Z' };
const list = { pages: [companyPage, maplePage], associations: [{ id: 12, code: 'maplegrove', name: 'Maple Grove HOA' }] };
const full = { ...maplePage, body: 'Hello, **neighbours**.' };
const start = (answers = {}, isAdmin = true) => {
  const host = createFakeHost({ answers: { listCustomPages: list, getCustomPage: full, ...answers }, session: { isManagementAdmin: isAdmin } });
  return { host, flow: runFlow('manage-pages', host, { coverage }) };
};

describe('shownPages and pageSaveBody', () => {
  it("offer the company or each association, and send the company's place as null", () => {
    const shown = shownPages(list as never, true);
    expect(shown.places).toEqual([{ value: 0, label: 'managePages.companyPlace' }, { value: 12, label: 'Maple Grove HOA' }]);
    expect(shown.pages.map((p) => [p.isCompanyPage, p.address])).toEqual([[true, '/custom/pool-rules'], [false, '/custom/welcome']]);
    expect(shownPages(list as never, 'admin').canEdit).toBe(false);
    expect(pageSaveBody({ associationId: 0, key: ' Pool ', title: ' Pool rules ', body: 'x', public: true }, true)).toEqual({ associationId: null, key: 'Pool', title: 'Pool rules', body: 'x', public: true });
    expect(pageSaveBody({ associationId: 12, key: 'a', title: 'A', body: 'b' }, true)).toMatchObject({ associationId: 12, public: false });
    expect(pageSaveBody({ associationId: 12, key: 'a', title: 'A', body: 'b' }, false)).toEqual({ key: 'a', title: 'A', body: 'b', public: false });
  });
});

describe('manage-pages flow', () => {
  it('reads the list; one that cannot be read waits for a retry', async () => {
    const { host, flow } = start({ listCustomPages: fail(500) });
    await flow.settle();
    expect(flow.state()).toBe('failed');
    host.answers.listCustomPages = list;
    flow.send({ type: 'RETRY' });
    await flow.settle();
    expect(flow.state()).toBe('listing');
    expect(flow.context()).toMatchObject({ hasPages: true, canEdit: true });
  });

  it('writes a new page, the preview following the text, and reads the list again', async () => {
    const { host, flow } = start({ createCustomPage: { ...full, id: 3, key: 'rules', title: 'Rules', associationId: null } });
    await flow.settle();
    flow.send({ type: 'NEW' });
    expect(flow.state()).toBe('editing');
    expect(flow.context()).toMatchObject({ isNew: true, initial: { associationId: 0 } });
    flow.send({ type: 'CHANGE', data: { body: '# Rules' } });
    expect(flow.context()).toMatchObject({ draft: { body: '# Rules' } });
    flow.send({ type: 'SAVE', data: { associationId: 0, key: 'rules', title: 'Rules', body: '# Rules' } });
    await flow.settle();
    expect(host.callsTo('createCustomPage')).toEqual([expect.objectContaining({ body: { associationId: null, key: 'rules', title: 'Rules', body: '# Rules', public: false } })]);
    expect(host.toasts).toEqual([expect.objectContaining({ titleKey: 'managePages.savedToast', description: 'Rules' })]);
    expect(host.callsTo('listCustomPages')).toHaveLength(2);
    expect(flow.state()).toBe('listing');
  });

  it('opens a page to change it; a refused save stays with the form, its text in the preview', async () => {
    const { host, flow } = start({ updateCustomPage: fail(400, { errorCode: 'CPG001', detail: 'Links and images may only go to http, https or mailto addresses; "javascript:x" is not one.', fields: { body: 'refused' } }) });
    await flow.settle();
    flow.send({ type: 'OPEN', page: maplePage });
    await flow.settle();
    expect(host.callsTo('getCustomPage')).toEqual([expect.objectContaining({ params: { pageId: 2 } })]);
    expect(flow.state()).toBe('editing');
    expect(flow.context()).toMatchObject({ isNew: false, initial: { key: 'welcome', body: 'Hello, **neighbours**.' }, draft: { body: 'Hello, **neighbours**.' } });
    flow.send({ type: 'SAVE', data: { key: 'welcome', title: 'Welcome', body: '[x](javascript:x)', public: true } });
    await flow.settle();
    expect(host.callsTo('updateCustomPage')).toEqual([expect.objectContaining({ params: { pageId: 2 }, body: { key: 'welcome', title: 'Welcome', body: '[x](javascript:x)', public: true } })]);
    expect(flow.state()).toBe('editing');
    expect(flow.context()).toMatchObject({ error: { code: 'CPG001', fieldErrors: { body: 'refused' } }, draft: { body: '[x](javascript:x)' } });
    host.answers.updateCustomPage = full;
    flow.send({ type: 'SAVE', data: { key: 'welcome', title: 'Welcome', body: 'Fine.', public: true } });
    await flow.settle();
    expect(flow.state()).toBe('listing');
    flow.send({ type: 'OPEN', page: maplePage });
    await flow.settle();
    flow.send({ type: 'CLOSE' });
    expect(flow.state()).toBe('listing');
    expect(flow.context()).toMatchObject({ page: null, initial: null });
  });

  it('a page gone when opened says so above the list, read again', async () => {
    const { host, flow } = start({ getCustomPage: fail(404, { errorCode: 'CPG404' }) });
    await flow.settle();
    flow.send({ type: 'OPEN', page: maplePage });
    await flow.settle();
    expect(flow.state()).toBe('listing');
    expect(flow.context()).toMatchObject({ refused: true, refusal: { code: 'CPG404' } });
    expect(host.callsTo('listCustomPages')).toHaveLength(2);
  });

  it('deletes a page after a confirmation; cancelling deletes nothing; a refusal is said', async () => {
    const { host, flow } = start({ deleteCustomPage: null });
    await flow.settle();
    flow.send({ type: 'DELETE', page: maplePage });
    expect(flow.context()).toMatchObject({ confirmingDelete: true, page: { id: 2 } });
    flow.send({ type: 'CANCEL' });
    expect(flow.state()).toBe('listing');
    expect(host.callsTo('deleteCustomPage')).toEqual([]);
    flow.send({ type: 'DELETE', page: maplePage });
    flow.send({ type: 'CONFIRM' });
    await flow.settle();
    expect(host.callsTo('deleteCustomPage')).toEqual([expect.objectContaining({ params: { pageId: 2 } })]);
    expect(host.toasts).toEqual([expect.objectContaining({ titleKey: 'managePages.deletedToast', description: 'Welcome' })]);
    host.answers.deleteCustomPage = fail(404, { errorCode: 'CPG404' });
    flow.send({ type: 'DELETE', page: maplePage });
    flow.send({ type: 'CONFIRM' });
    await flow.settle();
    expect(flow.state()).toBe('listing');
    expect(flow.context()).toMatchObject({ refused: true, page: null });
    flow.send({ type: 'NEW' });
    expect(flow.context()).toMatchObject({ refused: false });
  });

  it('staff open pages to read them only', async () => {
    const { flow } = start({}, false);
    await flow.settle();
    expect(flow.context()).toMatchObject({ canEdit: false });
    flow.send({ type: 'OPEN', page: companyPage });
    await flow.settle();
    expect(flow.state()).toBe('editing');
  });
});
