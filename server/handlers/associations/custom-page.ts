// GET /associations/{id}/Pages/{key}: the content page an association shows for a key (its own,
// else its management company's; docs/server.md, "Content pages"). Its homeowners, board and
// management staff read every page; anyone else only the pages marked public. A key without a page,
// or one the caller may not read: 404 CPG404, alike, so private keys cannot be probed.
import type { OperationHandler } from '../types.ts';
import { calendarViewer } from '../../community/calendar.ts';
import { pageError } from '../../pages/errors.ts';
import { pageForAssociation } from '../../pages/store.ts';

export const getAssociationPage: OperationHandler<'getAssociationPage'> = async (req, services) => {
  const [page, viewer] = await Promise.all([
    pageForAssociation(services.db, req.params.id, req.params.key),
    calendarViewer(services.db, req.caller, req.params.id),
  ]);
  if (page === null || (!page.public && viewer.role === 'public')) throw pageError('CPG404');
  return { status: 200, body: { key: page.key, title: page.title, body: page.body, public: page.public, level: page.level, updatedAt: page.updatedAt } };
};
