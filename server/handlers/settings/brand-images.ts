// POST /Company/{key}/Image and /Associations/{id}/{key}/Image: an admin uploads a logo, banner or
// favicon (server/branding/images.ts); the key is then set to the address it is served at, as a
// PUT of that address would set it (locks, audit). x-policy has admitted the caller before the
// upload is read.
import { checkedImage, forgetImage, imageUrl, storeImage } from '../../branding/images.ts';
import { principalOf, type OperationHandler, type OperationRequest, type Services } from '../types.ts';
import { associationScope, change, companyScope, type Scope } from './settings.ts';

async function upload(req: Pick<OperationRequest, 'operationId' | 'caller' | 'ip' | 'upload'>, services: Services, scope: Scope, key: string) {
  const image = await checkedImage(req.upload);
  const { userId } = principalOf(req);
  // Kept first, so the key never names an address with nothing at it; forgotten again when the
  // key refuses the change (a lock), so a refusal leaves nothing behind.
  const kept = await storeImage(services.db, image, { companyId: scope.companyId, associationId: scope.association?.id ?? null, key, userId });
  try {
    return await change(req, services, scope, key, { kind: 'set', value: imageUrl(image) });
  } catch (error) {
    if (kept !== null) await forgetImage(services.db, kept);
    throw error;
  }
}

export const uploadCompanyBrandImage: OperationHandler<'uploadCompanyBrandImage'> = async (req, services) =>
  upload(req, services, await companyScope(services.db, principalOf(req).userId), req.params.key);

export const uploadAssociationBrandImage: OperationHandler<'uploadAssociationBrandImage'> = async (req, services) =>
  upload(req, services, await associationScope(services.db, principalOf(req).userId, req.params.id), req.params.key);
