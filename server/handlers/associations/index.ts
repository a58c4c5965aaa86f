import type { GroupOperationId, OperationHandlers } from '../types.ts';
import { getDocumentPermissions, listDocumentFolders, getDocumentFolder, getDocument, downloadDocument } from './documents-read.ts';
import { searchDocuments } from './documents-search.ts';
import { createDocumentFolder, updateDocumentFolder, deleteDocumentFolder } from './document-folders.ts';
import { uploadDocument, updateDocument, duplicateDocument, deleteDocument } from './document-files.ts';
import { listResidents } from './residents.ts';
import { listCalendarEntries, decideReservation } from './calendar.ts';
import { getPublicAssociation } from './public.ts';
import { getAssociationPage } from './custom-page.ts';
import {
  listBoardHomeowners,
  listBoardCollections,
  listBoardViolations,
  listBoardInvoices,
  listBoardWorkOrders,
  listBoardToDos,
  listBoardInspections,
  listBoardBankAccounts,
} from './board-lists.ts';
import { decideBoardInvoice, updateBoardToDo } from './board-actions.ts';
import { getBoardReport } from './board-reports.ts';
import { askMyca, rateMycaAnswer, listMycaFeedback, listMycaConversations, getMycaConversation } from './myca.ts';

export const associationsHandlers: OperationHandlers<GroupOperationId<'associations'>> = {
  // the document library (server/documents/; who reads what: server/authz/document-access.ts)
  getDocumentPermissions,
  listDocumentFolders,
  getDocumentFolder,
  getDocument,
  downloadDocument,
  searchDocuments,
  // MyCA, the association's assistant (server/myca/)
  askMyca,
  rateMycaAnswer,
  listMycaFeedback,
  listMycaConversations,
  getMycaConversation,
  createDocumentFolder,
  updateDocumentFolder,
  deleteDocumentFolder,
  uploadDocument,
  updateDocument,
  duplicateDocument,
  deleteDocument,
  // the public page
  getPublicAssociation,
  // content pages written in the console (server/pages/)
  getAssociationPage,
  // the resident directory
  listResidents,
  // the calendar: events and reservations of common areas (server/community/calendar.ts)
  listCalendarEntries,
  decideReservation,
  // the board's lists as grids (server/board/), its decisions on invoices and its to-do list, its reports
  listBoardHomeowners,
  listBoardCollections,
  listBoardViolations,
  listBoardInvoices,
  decideBoardInvoice,
  listBoardWorkOrders,
  listBoardToDos,
  updateBoardToDo,
  listBoardInspections,
  listBoardBankAccounts,
  getBoardReport,
};
