import type { GroupOperationId, OperationHandlers } from '../types.ts';
import { getManagementCompany } from './company.ts';
import { listManagedAssociations } from './associations.ts';
import { listAuditEntries } from './audit.ts';
import { getAssociationAging, getCompanyMonthlyFigures } from './charts.ts';
import { createCustomPage, deleteCustomPage, getCustomPage, listCustomPages, updateCustomPage } from './pages.ts';
import { addBoardMember, getAssociationBoard, listBoardCandidates, removeBoardMember, updateBoardMember } from './board.ts';
import { getCompanyPerson, listCompanyPeople } from './people.ts';
import { startMimic } from './mimic.ts';
import { acceptStaffInvitation, inviteStaffMember, listCompanyStaff, updateStaffMember } from './staff.ts';

export const managementHandlers: OperationHandlers<GroupOperationId<'management'>> = {
  getManagementCompany,
  listManagedAssociations,
  listCompanyStaff,
  inviteStaffMember,
  acceptStaffInvitation,
  updateStaffMember,
  listAuditEntries,
  getAssociationAging,
  getCompanyMonthlyFigures,
  // content pages (server/pages/)
  listCustomPages,
  getCustomPage,
  createCustomPage,
  updateCustomPage,
  deleteCustomPage,
  getAssociationBoard,
  listBoardCandidates,
  addBoardMember,
  updateBoardMember,
  removeBoardMember,
  listCompanyPeople,
  getCompanyPerson,
  startMimic,
};
