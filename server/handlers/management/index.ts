import type { GroupOperationId, OperationHandlers } from '../types.ts';
import { getManagementCompany } from './company.ts';
import { listManagedAssociations } from './associations.ts';
import { addBoardMember, getAssociationBoard, listBoardCandidates, removeBoardMember, updateBoardMember } from './board.ts';
import { acceptStaffInvitation, inviteStaffMember, listCompanyStaff, updateStaffMember } from './staff.ts';

export const managementHandlers: OperationHandlers<GroupOperationId<'management'>> = {
  getManagementCompany,
  listManagedAssociations,
  listCompanyStaff,
  inviteStaffMember,
  acceptStaffInvitation,
  updateStaffMember,
  getAssociationBoard,
  listBoardCandidates,
  addBoardMember,
  updateBoardMember,
  removeBoardMember,
};
