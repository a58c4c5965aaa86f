// GET and PATCH /Homeowner/{id}/Preferences (x-policy `user: { self: path.id }`).
import { ApiError, messages } from '../../errors.ts';
import { fieldErrors } from '../../payments/billing.ts';
import { loadPreferences, saveDirectoryPreferences, saveUserPreferences } from '../../profile/preferences.ts';
import { LABEL_MAX, PROFILE_MESSAGES } from '../../profile/validate.ts';
import { principalOf, type OperationHandler } from '../types.ts';

export const BILLING_TEXT_UNAVAILABLE = 'Text messages about payments and billing are not offered by your management company.';

const tokenInvalid = () => new ApiError(401, messages.tokenInvalid, { errorCode: 'AUTH002' });

export const getPreferences: OperationHandler<'getPreferences'> = async (req, services) => {
  const preferences = await loadPreferences(services.db, principalOf(req).userId);
  if (!preferences) throw tokenInvalid();
  return { status: 200, body: preferences };
};

export const updatePreferences: OperationHandler<'updatePreferences'> = async (req, services) => {
  const userId = principalOf(req).userId;
  const body = req.body;
  const title = body.directoryTitle === undefined ? undefined : (body.directoryTitle ?? '').trim() || null;
  if (title && title.length > LABEL_MAX) throw fieldErrors({ directoryTitle: PROFILE_MESSAGES.titleTooLong });
  const saved = await services.db.transaction(async (tx) => {
    const current = await loadPreferences(tx, userId, true);
    if (!current) throw tokenInvalid();
    if (body.receivePayBillingText === true && !current.billingTextNotificationsAvailable) {
      throw new ApiError(400, BILLING_TEXT_UNAVAILABLE, { errorCode: 'PRF001', fields: { receivePayBillingText: BILLING_TEXT_UNAVAILABLE } });
    }
    if (body.sendPaymentConfirmationEmail !== undefined || body.receivePayBillingText !== undefined) {
      await saveUserPreferences(tx, userId, {
        sendPaymentConfirmationEmail: body.sendPaymentConfirmationEmail ?? current.sendPaymentConfirmationEmail,
        receivePayBillingText: body.receivePayBillingText ?? current.receivePayBillingText,
      });
    }
    if (body.directory !== undefined || title !== undefined) {
      await saveDirectoryPreferences(tx, userId, { ...current.directory, ...body.directory }, title === undefined ? current.directoryTitle : title, services.clock());
    }
    return loadPreferences(tx, userId);
  });
  return { status: 200, body: saved! };
};
