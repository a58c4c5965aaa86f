// What the board does from its lists: PUT /associations/{id}/Board/Invoices/{invoiceId} approves
// or declines an invoice awaiting approval (once: the row is locked before it is read, so of two
// decisions at once the second sees the first and gets 409), and PATCH
// /associations/{id}/Board/ToDos/{todoId} checks a to-do item off or unchecks it. Both answer the
// row as its list shows it. Who may call is x-policy's (the association's board and staff).
import { principalOf, type OperationHandler } from '../types.ts';
import { boardError } from '../../board/errors.ts';
import { gridPage } from '../../board/grid-query.ts';
import { invoicesList, toDosList } from '../../board/lists.ts';
import type { Db } from '../../db/index.ts';
import type { GridRowOf } from './board-grid.ts';

/** The one row of a list whose id is `id` (the lists filter by their own whitelisted column). */
async function rowById<Row>(db: Db, list: Parameters<typeof gridPage>[1], id: number): Promise<Row> {
  const { rows } = await gridPage<Row>(db, list, { filter: JSON.stringify({ id: { type: 'equals', filter: id } }), startRow: 0, endRow: 1 });
  return rows[0];
}

export const decideBoardInvoice: OperationHandler<'decideBoardInvoice'> = async (req, services) => {
  const { userId } = principalOf(req);
  const associationId = req.params.id;
  const invoiceId = req.params.invoiceId;
  const { decision } = req.body;
  const comment = (req.body.comment ?? '').trim() || null;
  if (decision === 'declined' && comment === null) throw boardError('INV002');
  await services.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ status: string }>('SELECT status FROM board_invoices WHERE id = $1 AND association_id = $2 FOR UPDATE', [invoiceId, associationId]);
    const invoice = rows[0];
    if (!invoice) throw boardError('INV404');
    if (invoice.status !== 'awaiting') throw boardError('INV001', `This invoice was already ${invoice.status}.`);
    await tx.query('UPDATE board_invoices SET status = $2, decided_by = $3, decided_at = $4, comment = $5 WHERE id = $1', [
      invoiceId,
      decision,
      userId,
      services.clock(),
      comment,
    ]);
  });
  return { status: 200, body: await rowById<GridRowOf<'listBoardInvoices'>>(services.db, invoicesList(associationId), invoiceId) };
};

export const updateBoardToDo: OperationHandler<'updateBoardToDo'> = async (req, services) => {
  const { userId } = principalOf(req);
  const associationId = req.params.id;
  const todoId = req.params.todoId;
  // Checking off an item already done keeps who did it first; unchecking clears both.
  const { rows } = await services.db.query(
    req.body.done
      ? 'UPDATE board_todos SET done = true, done_by = COALESCE(done_by, $3), done_at = COALESCE(done_at, $4) WHERE id = $1 AND association_id = $2 RETURNING id'
      : 'UPDATE board_todos SET done = false, done_by = NULL, done_at = NULL WHERE id = $1 AND association_id = $2 RETURNING id',
    req.body.done ? [todoId, associationId, userId, services.clock()] : [todoId, associationId],
  );
  if (rows.length === 0) throw boardError('TODO404');
  return { status: 200, body: await rowById<GridRowOf<'listBoardToDos'>>(services.db, toDosList(associationId), todoId) };
};
