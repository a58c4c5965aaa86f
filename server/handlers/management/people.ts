// GET /api/management/People and /People/{userId}: the caller's company's owners, searched as a
// grid, and one owner's page (server/management/people.ts). x-policy (`staff: self`) has found the
// caller active staff; the company is always the caller's own.
import type { OperationHandler } from '../types.ts';
import { principalOf } from '../types.ts';
import { ApiError, messages } from '../../errors.ts';
import { appDate } from '../../payments/billing.ts';
import { gridPage } from '../../board/grid-query.ts';
import { companyOf, companyPeopleList, companyPerson } from '../../management/people.ts';
import type { GridRowOf } from '../associations/board-grid.ts';

/** Someone the caller's company does not know answers as if they did not exist. */
export const PERSON_NOT_FOUND = 'Person not found';

async function callerCompany(services: Parameters<OperationHandler<'listCompanyPeople'>>[1], userId: number): Promise<number> {
  const company = await companyOf(services.db, userId);
  // Gone between the guard's check and this read: as the guard would have answered.
  if (company === null) throw new ApiError(403, messages.forbidden, { errorCode: 'AUTH003' });
  return company;
}

export const listCompanyPeople: OperationHandler<'listCompanyPeople'> = async (req, services) => {
  const company = await callerCompany(services, principalOf(req).userId);
  return { status: 200, body: await gridPage<GridRowOf<'listCompanyPeople'>>(services.db, companyPeopleList(company, req.query.search), req.query) };
};

export const getCompanyPerson: OperationHandler<'getCompanyPerson'> = async (req, services) => {
  const company = await callerCompany(services, principalOf(req).userId);
  const person = await companyPerson(services.db, company, req.params.userId, appDate(services.clock()));
  if (!person) throw new ApiError(404, PERSON_NOT_FOUND, { errorCode: 'PPL001' });
  return { status: 200, body: person };
};
