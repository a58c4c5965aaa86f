// GET /associations/{id}/Board/Reports?report=delinquency|aging: a report computed from the
// ledger as of the business day, as a grid page with its columns and totals, or as CSV.
import type { OperationHandler } from '../types.ts';
import { appDate } from '../../payments/billing.ts';
import { boardReport } from '../../board/reports.ts';
import { csvHeaders, gridCsv, gridPage, gridTotals, type ColumnKind } from '../../board/grid-query.ts';

type ReportColumnKind = Exclude<ColumnKind, 'boolean' | 'timestamp'>;

export const getBoardReport: OperationHandler<'getBoardReport'> = async (req, services) => {
  const asOf = appDate(services.clock());
  const { report } = req.query;
  const list = boardReport(report, req.params.id, asOf);
  if (req.query.format === 'csv') {
    return { status: 200, headers: csvHeaders(`${report}-${asOf}.csv`), content: Buffer.from(await gridCsv(services.db, list, req.query), 'utf8') };
  }
  const [page, totals] = await Promise.all([gridPage<Record<string, string | number | null>>(services.db, list, req.query), gridTotals(services.db, list, req.query)]);
  return {
    status: 200,
    body: {
      report,
      asOf,
      // Reports have no boolean or instant columns.
      columns: Object.entries(list.columns).map(([field, c]) => ({ field, title: c.title, kind: c.kind as ReportColumnKind })),
      rows: page.rows,
      lastRow: page.lastRow,
      totals,
    },
  };
};
