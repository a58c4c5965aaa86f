// GET /api/management/Charts/...: the figures of the console home's charts, for the caller's own
// company (server/management/company-charts.ts).
import type { OperationHandler } from '../types.ts';
import { principalOf } from '../types.ts';
import { appDate } from '../../payments/billing.ts';
import { companyAging, companyMonths } from '../../management/company-charts.ts';

const DEFAULT_AGING_LIMIT = 10;

export const getAssociationAging: OperationHandler<'getAssociationAging'> = async (req, services) => {
  const today = appDate(services.clock());
  const body = await companyAging(services.db, principalOf(req).userId, today, req.query.search, req.query.limit ?? DEFAULT_AGING_LIMIT);
  return { status: 200, body };
};

export const getCompanyMonthlyFigures: OperationHandler<'getCompanyMonthlyFigures'> = async (req, services) => {
  const months = await companyMonths(services.db, principalOf(req).userId, appDate(services.clock()));
  return { status: 200, body: { months } };
};
