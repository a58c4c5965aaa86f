import type { GroupOperationId, OperationHandlers } from '../types.ts';
import { deleteAssociationSetting, deleteCompanySetting, getAssociationSettings, getCompanySettings, putAssociationSetting, putCompanySetting } from './settings.ts';
import { uploadAssociationBrandImage, uploadCompanyBrandImage } from './brand-images.ts';

export const settingsHandlers: OperationHandlers<GroupOperationId<'settings'>> = {
  getCompanySettings,
  getAssociationSettings,
  putCompanySetting,
  deleteCompanySetting,
  putAssociationSetting,
  deleteAssociationSetting,
  uploadCompanyBrandImage,
  uploadAssociationBrandImage,
};
