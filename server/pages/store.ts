// A management company's content pages (migration 280). Every function takes the caller's company:
// a page or association of another company is never read or changed (it is answered as not found).
import type { Queryable } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { pageError } from './errors.ts';

export interface PageSummary {
  id: number;
  key: string;
  title: string;
  public: boolean;
  associationId: number | null;
  associationName: string | null;
  updatedAt: string;
}

export interface Page extends PageSummary {
  body: string;
}

export interface PageInput {
  key: string;
  title: string;
  body: string;
  public: boolean;
}

interface Row {
  id: number;
  key: string;
  title: string;
  body: string;
  is_public: boolean;
  association_id: number | null;
  association_name: string | null;
  updated_at: Date | string;
}

const SELECT = `SELECT p.id, p.key, p.title, p.body, p.is_public, p.association_id, a.name AS association_name, p.updated_at
                  FROM custom_pages p LEFT JOIN associations a ON a.id = p.association_id`;

function pageOf(r: Row): Page {
  return {
    id: Number(r.id),
    key: r.key,
    title: r.title,
    body: r.body,
    public: r.is_public,
    associationId: r.association_id === null ? null : Number(r.association_id),
    associationName: r.association_name,
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}

/** The company's pages: its own first, then each association's, by key. */
export async function listPages(db: Queryable, companyId: number): Promise<PageSummary[]> {
  const { rows } = await db.query<Row>(`${SELECT} WHERE p.management_company_id = $1 ORDER BY p.association_id IS NOT NULL, a.name, p.key`, [companyId]);
  return rows.map((r) => {
    const { body: _body, ...summary } = pageOf(r);
    return summary;
  });
}

/** One page of the company; another company's or none: 404 CPG404. `lock` holds it for a change. */
export async function pageOfCompany(db: Queryable, companyId: number, pageId: number, lock = false): Promise<Page> {
  const { rows } = await db.query<Row>(`${SELECT} WHERE p.id = $1 AND p.management_company_id = $2${lock ? ' FOR UPDATE OF p' : ''}`, [pageId, companyId]);
  if (rows.length === 0) throw pageError('CPG404');
  return pageOf(rows[0]);
}

/** An association of the company, by id; another company's or none: 404 GP001, as the guard answers. */
export async function assertOwnAssociation(db: Queryable, companyId: number, associationId: number): Promise<void> {
  const { rows } = await db.query('SELECT 1 FROM associations WHERE id = $1 AND management_company_id = $2', [associationId, companyId]);
  if (rows.length === 0) throw new ApiError(404, 'Association not found', { errorCode: 'GP001' });
}

/** Is the key taken at this level (the company's own pages, or one association's) by a page other than `exceptId`? */
export async function keyTaken(db: Queryable, companyId: number, associationId: number | null, key: string, exceptId: number | null): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM custom_pages WHERE management_company_id = $1 AND association_id IS NOT DISTINCT FROM $2::integer AND key = $3 AND id <> $4`,
    [companyId, associationId, key, exceptId ?? 0],
  );
  return rows.length > 0;
}

export async function insertPage(db: Queryable, companyId: number, associationId: number | null, input: PageInput, userId: number, now: Date): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO custom_pages (management_company_id, association_id, key, title, body, is_public, updated_by, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [companyId, associationId, input.key, input.title, input.body, input.public, userId, now],
  );
  return Number(rows[0].id);
}

export async function updatePage(db: Queryable, pageId: number, input: PageInput, userId: number, now: Date): Promise<void> {
  await db.query('UPDATE custom_pages SET key = $2, title = $3, body = $4, is_public = $5, updated_by = $6, updated_at = $7 WHERE id = $1', [
    pageId, input.key, input.title, input.body, input.public, userId, now,
  ]);
}

export async function deletePage(db: Queryable, pageId: number): Promise<void> {
  await db.query('DELETE FROM custom_pages WHERE id = $1', [pageId]);
}

/**
 * The page an association shows for a key: its own, else its company's. An association's page
 * hides its company's even from readers it is not shown to, so the company's never leaks through.
 */
export async function pageForAssociation(db: Queryable, associationId: number, key: string): Promise<(Page & { level: 'company' | 'association' }) | null> {
  const { rows } = await db.query<Row>(
    `${SELECT}
      JOIN associations own ON own.id = $1
     WHERE p.key = $2 AND p.management_company_id = own.management_company_id
       AND (p.association_id = own.id OR p.association_id IS NULL)
     ORDER BY p.association_id IS NULL
     LIMIT 1`,
    [associationId, key.toLowerCase()],
  );
  if (rows.length === 0) return null;
  const page = pageOf(rows[0]);
  return { ...page, level: page.associationId === null ? 'company' : 'association' };
}
