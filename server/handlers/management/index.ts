import type { GroupOperationId, OperationHandlers } from '../types.ts';
import { getManagementCompany } from './company.ts';
import { listManagedAssociations } from './associations.ts';
import { createCustomPage, deleteCustomPage, getCustomPage, listCustomPages, updateCustomPage } from './pages.ts';
import { acceptStaffInvitation, inviteStaffMember, listCompanyStaff, updateStaffMember } from './staff.ts';

export const managementHandlers: OperationHandlers<GroupOperationId<'management'>> = {
  getManagementCompany,
  listManagedAssociations,
  listCompanyStaff,
  inviteStaffMember,
  acceptStaffInvitation,
  updateStaffMember,
  // content pages (server/pages/)
  listCustomPages,
  getCustomPage,
  createCustomPage,
  updateCustomPage,
  deleteCustomPage,
};
