// The console's settings: each key's effective value with where it comes from, and changes at the
// company or association level (server/settings/). Scope is checked by x-policy before these run:
// staff of the caller's own company (`self`) or of the company managing the association.
import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import type { Effective, SettingsService } from '../../settings/index.ts';
import type { Change } from '../../settings/store.ts';
import { originOf } from '../../audit/record.ts';
import { principalOf, type OperationHandler, type OperationRequest, type Services } from '../types.ts';

export interface Scope {
  companyId: number;
  company: { code: string; name: string };
  association: { id: number; code: string; name: string } | null;
  /** The caller is an active admin of the company. */
  admin: boolean;
}

/** The caller's own company (staff: self has checked they are active staff of one). */
export async function companyScope(db: Queryable, userId: number): Promise<Scope> {
  const { rows } = await db.query<{ id: number; code: string; name: string; role: string }>(
    `SELECT c.id, c.code, c.name, s.role FROM users u JOIN management_companies c ON c.id = u.management_company_id
       JOIN management_staff s ON s.user_id = u.id AND s.deactivated_at IS NULL WHERE u.id = $1`,
    [userId],
  );
  const row = rows[0];
  if (!row) throw new ApiError(403, 'Only management staff have settings.', { errorCode: 'AUTH003' });
  return { companyId: Number(row.id), company: { code: row.code, name: row.name }, association: null, admin: row.role === 'admin' };
}

/** The association (x-policy has checked that the caller's company manages it). */
export async function associationScope(db: Queryable, userId: number, associationId: number): Promise<Scope> {
  const { rows } = await db.query<{ company_id: number; company_code: string; company_name: string; code: string; name: string; admin: boolean }>(
    `SELECT c.id AS company_id, c.code AS company_code, c.name AS company_name, a.code, a.name,
            EXISTS (SELECT 1 FROM users u JOIN management_staff s ON s.user_id = u.id AND s.deactivated_at IS NULL AND s.role = 'admin'
                     WHERE u.id = $2 AND u.management_company_id = c.id) AS admin
       FROM associations a JOIN management_companies c ON c.id = a.management_company_id WHERE a.id = $1`,
    [associationId, userId],
  );
  const row = rows[0];
  if (!row) throw new ApiError(404, 'No such association.', { errorCode: 'GP001' });
  return {
    companyId: Number(row.company_id),
    company: { code: row.company_code, name: row.company_name },
    association: { id: associationId, code: row.code, name: row.name },
    admin: row.admin === true,
  };
}

const textOf = (value: unknown): string => (value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value));

/**
 * The keys whose global level is, for an association, its own column (server/branding/look.ts): the
 * value its residents see when no company or association value is set.
 */
const ASSOCIATION_COLUMNS = { designTemplate: 'design_template', logo: 'logo_url', banner: 'banner_url' } as const;
type ColumnValues = Partial<Record<keyof typeof ASSOCIATION_COLUMNS, string | null>>;

function entry(settings: SettingsService, found: Effective, scope: Scope, columns: ColumnValues) {
  const declared = settings.schema.byKey.get(found.key)!;
  const column = columns[found.key as keyof ColumnValues];
  const e = found.source === 'global' && typeof column === 'string' && column ? { ...found, value: column } : found;
  const atAssociation = scope.association !== null;
  const own = atAssociation ? e.association : e.company;
  const editable = scope.admin && !declared.readOnly && e.lockedBy !== 'global' && !(atAssociation && e.lockedBy === 'company');
  return {
    key: e.key,
    title: declared.title,
    description: declared.description,
    group: declared.group,
    schema: declared.schema,
    value: e.value,
    valueText: textOf(e.value),
    source: e.source,
    lockedBy: e.lockedBy,
    readOnly: declared.readOnly,
    editable,
    ...(e.company ? { companyValue: e.company.value } : {}),
    companyLocked: e.company?.locked === true,
    ...(own ? { ownValue: own.value } : {}),
  };
}

async function answer(services: Services, scope: Scope) {
  const { rows: associations } = await services.db.query<{ id: number; code: string; name: string }>(
    'SELECT id, code, name FROM associations WHERE management_company_id = $1 ORDER BY name, id',
    [scope.companyId],
  );
  const effective = scope.association
    ? await services.settings.forAssociation(scope.companyId, scope.association.id)
    : await services.settings.forCompany(scope.companyId);
  const columns: ColumnValues = scope.association
    ? (await services.db.query<Record<string, string | null>>(
      `SELECT ${Object.entries(ASSOCIATION_COLUMNS).map(([key, column]) => `${column} AS "${key}"`).join(', ')} FROM associations WHERE id = $1`,
      [scope.association.id],
    )).rows[0] ?? {}
    : {};
  return {
    status: 200 as const,
    body: {
      level: scope.association ? ('association' as const) : ('company' as const),
      company: scope.company,
      association: scope.association,
      associations: associations.map((a) => ({ id: Number(a.id), code: a.code, name: a.name })),
      canEdit: scope.admin,
      settings: effective.map((e) => entry(services.settings, e, scope, columns)),
    },
  };
}

export async function change(req: Pick<OperationRequest, 'operationId' | 'caller' | 'ip' | 'headers'>, services: Services, scope: Scope, key: string, what: Change) {
  await services.settings.change({ companyId: scope.companyId, associationId: scope.association?.id ?? null }, key, what, { userId: principalOf(req).userId, ...originOf(req) });
  return answer(services, scope);
}

export const getCompanySettings: OperationHandler<'getCompanySettings'> = async (req, services) =>
  answer(services, await companyScope(services.db, principalOf(req).userId));

export const getAssociationSettings: OperationHandler<'getAssociationSettings'> = async (req, services) =>
  answer(services, await associationScope(services.db, principalOf(req).userId, req.params.id));

export const putCompanySetting: OperationHandler<'putCompanySetting'> = async (req, services) => {
  const scope = await companyScope(services.db, principalOf(req).userId);
  return change(req, services, scope, req.params.key, { kind: 'set', value: req.body.value, ...(req.body.locked === undefined ? {} : { locked: req.body.locked }) });
};

export const deleteCompanySetting: OperationHandler<'deleteCompanySetting'> = async (req, services) =>
  change(req, services, await companyScope(services.db, principalOf(req).userId), req.params.key, { kind: 'clear' });

export const putAssociationSetting: OperationHandler<'putAssociationSetting'> = async (req, services) =>
  change(req, services, await associationScope(services.db, principalOf(req).userId, req.params.id), req.params.key, { kind: 'set', value: req.body.value });

export const deleteAssociationSetting: OperationHandler<'deleteAssociationSetting'> = async (req, services) =>
  change(req, services, await associationScope(services.db, principalOf(req).userId, req.params.id), req.params.key, { kind: 'clear' });
