// GET /api/management/Associations: the caller's company's associations with their counts, as a
// grid (server/management/associations-list.ts; paging, sort and filter of server/board/grid-query.ts).
import type { OperationHandler } from '../types.ts';
import { principalOf } from '../types.ts';
import { appDate } from '../../payments/billing.ts';
import { gridPage } from '../../board/grid-query.ts';
import { managedAssociationsList } from '../../management/associations-list.ts';
import type { GridRowOf } from '../associations/board-grid.ts';

export const listManagedAssociations: OperationHandler<'listManagedAssociations'> = async (req, services) => {
  const list = managedAssociationsList(principalOf(req).userId, appDate(services.clock()), req.query.search);
  return { status: 200, body: await gridPage<GridRowOf<'listManagedAssociations'>>(services.db, list, req.query) };
};
