// The company's content pages in the console: read by any staff member, written by an admin
// (x-policy `admin: self`); each create, change and delete goes to the audit trail with the change.
// A page whose links or images go anywhere but http, https or mailto is refused, nothing saved.
import type { OperationHandler } from '../types.ts';
import { principalOf } from '../types.ts';
import { companyOf } from '../../management/staff-store.ts';
import { originOf, recordAudit } from '../../audit/record.ts';
import { pageError } from '../../pages/errors.ts';
import { firstRefusedUrl } from '../../pages/markdown-links.ts';
import { assertOwnAssociation, deletePage, insertPage, keyTaken, listPages, pageOfCompany, updatePage, type Page, type PageInput } from '../../pages/store.ts';

/** The input as stored: key lower-case, title trimmed; refused (CPG001) when a link or image goes where it may not. */
function checkedInput(body: { key: string; title: string; body: string; public?: boolean }): PageInput {
  const refused = firstRefusedUrl(body.body);
  if (refused !== null) {
    const shown = refused.length > 80 ? `${refused.slice(0, 80)}…` : refused;
    const detail = `Links and images may only go to http, https or mailto addresses; "${shown || '(empty)'}" is not one. Change or remove it and save again.`;
    throw pageError('CPG001', detail, { body: detail });
  }
  return { key: body.key.trim().toLowerCase(), title: body.title.trim(), body: body.body, public: body.public === true };
}

/** What the trail keeps of a page: everything but its id. */
const trailed = (page: Pick<Page, 'key' | 'title' | 'body' | 'public'>) => ({ key: page.key, title: page.title, body: page.body, public: page.public });

export const listCustomPages: OperationHandler<'listCustomPages'> = async (req, services) => {
  const companyId = await companyOf(services.db, principalOf(req).userId);
  const [pages, associations] = await Promise.all([
    listPages(services.db, companyId),
    services.db.query<{ id: number; code: string; name: string }>('SELECT id, code, name FROM associations WHERE management_company_id = $1 ORDER BY name, id', [companyId]),
  ]);
  return { status: 200, body: { pages, associations: associations.rows.map((a) => ({ id: Number(a.id), code: a.code, name: a.name })) } };
};

export const getCustomPage: OperationHandler<'getCustomPage'> = async (req, services) => {
  const companyId = await companyOf(services.db, principalOf(req).userId);
  return { status: 200, body: await pageOfCompany(services.db, companyId, req.params.pageId) };
};

export const createCustomPage: OperationHandler<'createCustomPage'> = async (req, services) => {
  const { userId } = principalOf(req);
  const companyId = await companyOf(services.db, userId);
  const associationId = req.body.associationId ?? null;
  // Another company's association is not found before anything about the page is said.
  if (associationId !== null) await assertOwnAssociation(services.db, companyId, associationId);
  const input = checkedInput(req.body);
  const id = await services.db.transaction(async (tx) => {
    if (await keyTaken(tx, companyId, associationId, input.key, null)) throw pageError('CPG002');
    const created = await insertPage(tx, companyId, associationId, input, userId, services.clock());
    await recordAudit(tx, { companyId, associationId, actorUserId: userId, kind: 'page.create', key: input.key, level: associationId === null ? 'company' : 'association', oldValue: null, newValue: trailed(input), ...originOf(req) });
    return created;
  });
  return { status: 201, body: await pageOfCompany(services.db, companyId, id) };
};

export const updateCustomPage: OperationHandler<'updateCustomPage'> = async (req, services) => {
  const { userId } = principalOf(req);
  const companyId = await companyOf(services.db, userId);
  const pageId = req.params.pageId;
  await services.db.transaction(async (tx) => {
    const page = await pageOfCompany(tx, companyId, pageId, true);
    const input = checkedInput(req.body);
    if (await keyTaken(tx, companyId, page.associationId, input.key, pageId)) throw pageError('CPG002');
    await updatePage(tx, pageId, input, userId, services.clock());
    await recordAudit(tx, { companyId, associationId: page.associationId, actorUserId: userId, kind: 'page.update', key: input.key, level: page.associationId === null ? 'company' : 'association', oldValue: trailed(page), newValue: trailed(input), ...originOf(req) });
  });
  return { status: 200, body: await pageOfCompany(services.db, companyId, pageId) };
};

export const deleteCustomPage: OperationHandler<'deleteCustomPage'> = async (req, services) => {
  const { userId } = principalOf(req);
  const companyId = await companyOf(services.db, userId);
  await services.db.transaction(async (tx) => {
    const page = await pageOfCompany(tx, companyId, req.params.pageId, true);
    await deletePage(tx, page.id);
    await recordAudit(tx, { companyId, associationId: page.associationId, actorUserId: userId, kind: 'page.delete', key: page.key, level: page.associationId === null ? 'company' : 'association', oldValue: trailed(page), newValue: null, ...originOf(req) });
  });
  return { status: 204 };
};
