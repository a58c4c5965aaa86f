// GET /HomeSettings: the associations the user belongs to (as owner of accounts or as board
// member), their properties, preferences and configuration. Associations are sorted by name; an
// association where the user has no property gets a placeholder property with a negative id,
// autoDraftType 'off' and an empty address (spec section 3).
import { ApiError, messages } from '../../errors.ts';
import { principalOf, type OperationHandler } from '../types.ts';

interface AssociationRow {
  id: number;
  code: string;
  name: string;
  design_template: string;
  logo_url: string | null;
  banner_url: string | null;
  auto_draft_type: 'off' | 'legacy' | 'portal';
  is_board_member: boolean;
  is_board_chair: boolean;
}

interface PropertyRow {
  id: number;
  association_id: number;
  owner_user_id: number;
  account_number: string;
  address1: string;
  address2: string;
  city: string;
  state_province: string;
  postal_code: string;
}

export const getHomeSettings: OperationHandler<'getHomeSettings'> = async (req, services) => {
  const principal = principalOf(req);
  const db = services.db;
  const { rows: users } = await db.query<{
    send_payment_confirmation_email: boolean;
    receive_pay_billing_text: boolean;
    company_code: string;
    company_name: string;
    privacy_policy_url: string | null;
    terms_of_service_url: string | null;
    billing_text_notifications_available: boolean;
  }>(
    `SELECT u.send_payment_confirmation_email, u.receive_pay_billing_text, c.code AS company_code, c.name AS company_name,
            c.privacy_policy_url, c.terms_of_service_url, c.billing_text_notifications_available
       FROM users u JOIN management_companies c ON c.id = u.management_company_id WHERE u.id = $1`,
    [principal.userId],
  );
  const user = users[0];
  // The portal logs out on a 403 from this call.
  if (!user) throw new ApiError(403, messages.tokenInvalid, { errorCode: 'AUTH002' });

  const { rows: associations } = await db.query<AssociationRow>(
    `SELECT a.id, a.code, a.name, a.design_template, a.logo_url, a.banner_url, a.auto_draft_type,
            (bm.user_id IS NOT NULL) AS is_board_member, COALESCE(bm.is_chair, false) AS is_board_chair
       FROM associations a
       LEFT JOIN board_members bm ON bm.association_id = a.id AND bm.user_id = $1
      WHERE bm.user_id IS NOT NULL OR EXISTS (SELECT 1 FROM accounts ac WHERE ac.association_id = a.id AND ac.owner_user_id = $1)
      ORDER BY a.name, a.id`,
    [principal.userId],
  );
  const { rows: properties } = await db.query<PropertyRow>(
    `SELECT id, association_id, owner_user_id, account_number, address1, address2, city, state_province, postal_code
       FROM accounts WHERE owner_user_id = $1 ORDER BY account_number`,
    [principal.userId],
  );

  const list = associations.map((a) => {
    const id = Number(a.id);
    const own = properties
      .filter((p) => Number(p.association_id) === id)
      .map((p) => ({
        propertyId: Number(p.id),
        ownerId: Number(p.owner_user_id),
        accountNumber: p.account_number,
        address: { address1: p.address1, address2: p.address2, city: p.city, stateProvince: p.state_province, postalCode: p.postal_code },
      }));
    const placeholder = own.length === 0;
    return {
      id,
      code: a.code,
      name: a.name,
      designTemplate: a.design_template,
      logoUrl: a.logo_url,
      bannerUrl: a.banner_url,
      autoDraftType: placeholder ? 'off' : a.auto_draft_type,
      isBoardMember: a.is_board_member === true,
      isBoardChair: a.is_board_chair === true,
      properties: placeholder
        ? [{ propertyId: -id, ownerId: -id, accountNumber: '', address: { address1: '', address2: '', city: '', stateProvince: '', postalCode: '' } }]
        : own,
    };
  });
  const first = list[0];
  const company = {
    code: user.company_code,
    name: user.company_name,
    ...(user.privacy_policy_url ? { privacyPolicyUrl: user.privacy_policy_url } : {}),
    ...(user.terms_of_service_url ? { termsOfServiceUrl: user.terms_of_service_url } : {}),
  };
  return {
    status: 200,
    body: {
      userSettings: {
        designTemplate: first?.designTemplate ?? 'Default',
        logoUrl: first?.logoUrl ?? null,
        bannerUrl: first?.bannerUrl ?? null,
        associations: list,
        pages: list.map((a) => ({ associationId: a.id, name: a.name })),
      },
      preferences: {
        sendPaymentConfirmationEmail: user.send_payment_confirmation_email === true,
        receivePayBillingText: user.receive_pay_billing_text === true,
      },
      configuration: { billingTextNotificationsAvailable: user.billing_text_notifications_available === true, company },
    },
  };
};
