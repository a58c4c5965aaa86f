import type { GroupOperationId, OperationHandlers } from '../types.ts';
import { getManagementCompany } from './company.ts';
import { listManagedAssociations } from './associations.ts';
import { getCompanyPerson, listCompanyPeople } from './people.ts';
import { acceptStaffInvitation, inviteStaffMember, listCompanyStaff, updateStaffMember } from './staff.ts';

export const managementHandlers: OperationHandlers<GroupOperationId<'management'>> = {
  getManagementCompany,
  listManagedAssociations,
  listCompanyStaff,
  inviteStaffMember,
  acceptStaffInvitation,
  updateStaffMember,
  listCompanyPeople,
  getCompanyPerson,
};
