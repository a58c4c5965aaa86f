import type { GroupOperationId, OperationHandlers } from '../types.ts';
import { getManagementCompany } from './company.ts';
import { listManagedAssociations } from './associations.ts';

export const managementHandlers: OperationHandlers<GroupOperationId<'management'>> = {
  getManagementCompany,
  listManagedAssociations,
};
