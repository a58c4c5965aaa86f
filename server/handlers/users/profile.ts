// GET /Homeowner/{id} and the profile's contacts and addresses. x-policy `user: { self: path.id }`
// lets only the caller's own id through; a contact or address id that is not the caller's is
// answered exactly like an unknown one (404), since every query is limited to the caller's rows.
import { ApiError, messages } from '../../errors.ts';
import { fieldErrors } from '../../payments/billing.ts';
import {
  deleteAddressRow,
  deleteContactRow,
  insertAddress,
  insertContact,
  listAddresses,
  listContacts,
  lockAddress,
  lockContact,
  lockProfile,
  replaceAddress,
  updateContactRow,
  type Contact,
} from '../../profile/store.ts';
import { addressErrors, contactErrors, DEFAULT_PREFERENCE, normalizeAddress } from '../../profile/validate.ts';
import { principalOf, type OperationHandler } from '../types.ts';
import { findUserById } from './session.ts';

const contactNotFound = () => new ApiError(404, 'Contact not found', { errorCode: 'CON404' });
const addressNotFound = () => new ApiError(404, 'Address not found', { errorCode: 'ADR404' });

function refuseInvalid(fields: Record<string, string>): void {
  if (Object.keys(fields).length > 0) throw fieldErrors(fields);
}

export const getHomeowner: OperationHandler<'getHomeowner'> = async (req, services) => {
  const userId = principalOf(req).userId;
  const user = await findUserById(services.db, userId);
  if (!user) throw new ApiError(401, messages.tokenInvalid, { errorCode: 'AUTH002' });
  return {
    status: 200,
    body: {
      userId,
      firstName: user.first_name,
      lastName: user.last_name,
      loginEmail: user.email,
      contacts: await listContacts(services.db, userId),
      addresses: await listAddresses(services.db, userId),
    },
  };
};

export const createContact: OperationHandler<'createContact'> = async (req, services) => {
  const userId = principalOf(req).userId;
  const body = req.body;
  const contact = {
    type: body.type,
    label: body.label.trim(),
    value: body.value.trim(),
    primary: body.primary === true,
    communicationPreference: body.communicationPreference ?? DEFAULT_PREFERENCE[body.type],
  };
  refuseInvalid(contactErrors(contact));
  const created = await services.db.transaction(async (tx) => {
    await lockProfile(tx, userId);
    return insertContact(tx, userId, contact);
  });
  return { status: 201, body: created };
};

export const updateContact: OperationHandler<'updateContact'> = async (req, services) => {
  const userId = principalOf(req).userId;
  const body = req.body;
  const updated = await services.db.transaction(async (tx) => {
    await lockProfile(tx, userId);
    const current = await lockContact(tx, userId, req.params.cid);
    if (!current) throw contactNotFound();
    const type = body.type ?? current.type;
    const next: Contact = {
      id: current.id,
      type,
      label: body.label === undefined ? current.label : body.label.trim(),
      value: body.value === undefined ? current.value : body.value.trim(),
      primary: body.primary ?? current.primary,
      // A new type without a preference takes that type's default rather than failing on the old one.
      communicationPreference: body.communicationPreference ?? (type === current.type ? current.communicationPreference : DEFAULT_PREFERENCE[type]),
    };
    refuseInvalid(contactErrors(next));
    return updateContactRow(tx, userId, next);
  });
  return { status: 200, body: updated };
};

export const deleteContact: OperationHandler<'deleteContact'> = async (req, services) => {
  const userId = principalOf(req).userId;
  if (!(await deleteContactRow(services.db, userId, req.params.cid))) throw contactNotFound();
  return { status: 204 };
};

export const createAddress: OperationHandler<'createAddress'> = async (req, services) => {
  const userId = principalOf(req).userId;
  const address = normalizeAddress(req.body);
  refuseInvalid(addressErrors(address));
  const created = await services.db.transaction(async (tx) => {
    await lockProfile(tx, userId);
    return insertAddress(tx, userId, address, req.body.primary === true);
  });
  return { status: 201, body: created };
};

export const updateAddress: OperationHandler<'updateAddress'> = async (req, services) => {
  const userId = principalOf(req).userId;
  const address = normalizeAddress(req.body);
  const replaced = await services.db.transaction(async (tx) => {
    await lockProfile(tx, userId);
    if (!(await lockAddress(tx, userId, req.params.aid))) throw addressNotFound();
    // Checked after the ownership, so someone else's id is a 404 whatever the body.
    refuseInvalid(addressErrors(address));
    return replaceAddress(tx, userId, req.params.aid, address, req.body.primary === true);
  });
  return { status: 200, body: replaced };
};

export const deleteAddress: OperationHandler<'deleteAddress'> = async (req, services) => {
  const userId = principalOf(req).userId;
  if (!(await deleteAddressRow(services.db, userId, req.params.aid))) throw addressNotFound();
  return { status: 204 };
};
