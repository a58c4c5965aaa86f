// GET /api/management/Audit: the caller's company's audit trail (admins only, x-policy `admin: self`),
// filtered by association, person, kind and days, as a grid page or, with format=csv, every matching
// entry streamed as CSV (server/management/audit-list.ts, server/board/grid-csv-stream.ts).
import type { OperationHandler } from '../types.ts';
import { principalOf } from '../types.ts';
import { ApiError } from '../../errors.ts';
import { paymentError } from '../../payments/errors.ts';
import { gridPage, csvHeaders } from '../../board/grid-query.ts';
import { gridCsvStream } from '../../board/grid-csv-stream.ts';
import { companyOf } from '../../management/staff-store.ts';
import { auditList, lastAuditId } from '../../management/audit-list.ts';
import type { GridRowOf } from '../associations/board-grid.ts';

export const listAuditEntries: OperationHandler<'listAuditEntries'> = async (req, services) => {
  const companyId = await companyOf(services.db, principalOf(req).userId);
  const { associationId, association, person, kind, from, to } = req.query;
  if (associationId !== undefined) {
    // Another company's association is answered as one that does not exist.
    const { rows } = await services.db.query('SELECT 1 FROM associations WHERE id = $1 AND management_company_id = $2', [associationId, companyId]);
    if (rows.length === 0) throw paymentError('GP001');
  }
  if (from !== undefined && to !== undefined && from > to) {
    throw new ApiError(400, `The first day (${from}) is after the last day (${to}).`, { errorCode: 'AUD001', fields: { from: 'The first day must not be after the last day.' } });
  }
  const filters = { associationId, association, person, kind, from, to };
  if (req.query.format === 'csv') {
    const { rows } = await services.db.query<{ code: string }>('SELECT code FROM management_companies WHERE id = $1', [companyId]);
    const list = auditList(companyId, { ...filters, upToId: await lastAuditId(services.db, companyId) });
    return { status: 200, headers: csvHeaders(`audit-${rows[0].code}.csv`), content: await gridCsvStream(services.db, list, req.query) };
  }
  return { status: 200, body: await gridPage<GridRowOf<'listAuditEntries'>>(services.db, auditList(companyId, filters), req.query) };
};
