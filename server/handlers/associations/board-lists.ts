// GET /associations/{id}/Board/...: the board's lists as grids (docs/server.md, "Board lists").
// Homeowners and collections are worked out from the ledger as of the business day.
import type { OperationHandler } from '../types.ts';
import { appDate } from '../../payments/billing.ts';
import { bankAccountsList, collectionsList, homeownersList, inspectionsList, invoicesList, toDosList, violationsList, workOrdersList } from '../../board/lists.ts';
import { answerGrid, type GridRowOf } from './board-grid.ts';

export const listBoardHomeowners: OperationHandler<'listBoardHomeowners'> = (req, services) =>
  answerGrid<GridRowOf<'listBoardHomeowners'>>(services.db, homeownersList(req.params.id, appDate(services.clock())), req.query, 'homeowners');

export const listBoardCollections: OperationHandler<'listBoardCollections'> = (req, services) =>
  answerGrid<GridRowOf<'listBoardCollections'>>(services.db, collectionsList(req.params.id, appDate(services.clock())), req.query, 'collections');

export const listBoardViolations: OperationHandler<'listBoardViolations'> = (req, services) =>
  answerGrid<GridRowOf<'listBoardViolations'>>(services.db, violationsList(req.params.id), req.query, 'violations');

export const listBoardInvoices: OperationHandler<'listBoardInvoices'> = (req, services) =>
  answerGrid<GridRowOf<'listBoardInvoices'>>(services.db, invoicesList(req.params.id), req.query, 'invoices');

export const listBoardWorkOrders: OperationHandler<'listBoardWorkOrders'> = (req, services) =>
  answerGrid<GridRowOf<'listBoardWorkOrders'>>(services.db, workOrdersList(req.params.id), req.query, 'work-orders');

export const listBoardToDos: OperationHandler<'listBoardToDos'> = (req, services) =>
  answerGrid<GridRowOf<'listBoardToDos'>>(services.db, toDosList(req.params.id), req.query, 'to-do-list');

export const listBoardInspections: OperationHandler<'listBoardInspections'> = (req, services) =>
  answerGrid<GridRowOf<'listBoardInspections'>>(services.db, inspectionsList(req.params.id), req.query, 'inspections');

export const listBoardBankAccounts: OperationHandler<'listBoardBankAccounts'> = (req, services) =>
  answerGrid<GridRowOf<'listBoardBankAccounts'>>(services.db, bankAccountsList(req.params.id), req.query, 'bank-accounts');
