// GET /HomeSettings: the associations the user belongs to (as owner of accounts or as board
// member), their properties, preferences and configuration. Associations are sorted by name; an
// association where the user has no property gets a placeholder property with a negative id,
// autoDraftType 'off' and an empty address (spec section 3).
import { ApiError, messages } from '../../errors.ts';
import { associationLook, type AssociationLook } from '../../branding/look.ts';
import { principalOf, type OperationHandler, type Services } from '../types.ts';
import { companyBusinessManagement, featuresFor } from '../../features/session.ts';

interface AssociationRow {
  id: number;
  management_company_id: number;
  company_code: string;
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

/**
 * An association's effective look and links: designTemplate, logo and banner only when a company or
 * association has set them (the association's own columns stand for the global level).
 */
async function settingsOf(services: Services, companyId: number, associationId: number): Promise<{ values: Record<string, unknown>; look: Record<string, unknown> }> {
  const values: Record<string, unknown> = {};
  const look: Record<string, unknown> = {};
  for (const e of await services.settings.forAssociation(companyId, associationId)) {
    values[e.key] = e.value;
    if (['designTemplate', 'logo', 'banner', 'autoDraftType'].includes(e.key) && e.source === 'global') continue;
    look[e.key] = e.value;
  }
  return { values, look };
}

export const getHomeSettings: OperationHandler<'getHomeSettings'> = async (req, services) => {
  const principal = principalOf(req);
  const db = services.db;
  const { rows: users } = await db.query<{
    send_payment_confirmation_email: boolean;
    receive_pay_billing_text: boolean;
    company_id: number;
    company_code: string;
    company_name: string;
    privacy_policy_url: string | null;
    terms_of_service_url: string | null;
    billing_text_notifications_available: boolean;
  }>(
    `SELECT u.send_payment_confirmation_email, u.receive_pay_billing_text, c.id AS company_id, c.code AS company_code, c.name AS company_name,
            c.privacy_policy_url, c.terms_of_service_url, c.billing_text_notifications_available
       FROM users u JOIN management_companies c ON c.id = u.management_company_id WHERE u.id = $1`,
    [principal.userId],
  );
  const user = users[0];
  // The portal logs out on a 403 from this call.
  if (!user) throw new ApiError(403, messages.tokenInvalid, { errorCode: 'AUTH002' });

  const { rows: associations } = await db.query<AssociationRow>(
    `SELECT a.id, a.management_company_id, mc.code AS company_code, a.code, a.name, a.design_template, a.logo_url, a.banner_url, a.auto_draft_type,
            (bm.user_id IS NOT NULL) AS is_board_member, COALESCE(bm.is_chair, false) AS is_board_chair
       FROM associations a
       JOIN management_companies mc ON mc.id = a.management_company_id
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

  // Each association's effective settings (server/settings/): the look a company or association
  // has set wins over the association's own columns, which stand for the global level.
  const companyId = Number(user.company_id);
  const effective = new Map<number, Record<string, unknown>>();
  const features = new Map<number, Record<string, boolean>>();
  const brands = new Map<number, AssociationLook>();
  for (const a of associations) {
    const { values, look } = await settingsOf(services, Number(a.management_company_id), Number(a.id));
    effective.set(Number(a.id), look);
    features.set(Number(a.id), featuresFor(values, a.company_code, a.code));
    brands.set(Number(a.id), await associationLook(services.settings, a));
  }
  const list = associations.map((a) => {
    const id = Number(a.id);
    const look = effective.get(id)!;
    const brand = brands.get(id)!;
    // The auto-draft setting only switches it off; otherwise the association's own kind stands.
    const autoDraftType = look.autoDraftType === 'off' ? 'off' : a.auto_draft_type;
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
      designTemplate: brand.designTemplate,
      logoUrl: brand.logoUrl,
      bannerUrl: brand.bannerUrl,
      faviconUrl: brand.faviconUrl,
      themeOverrides: brand.themeOverrides,
      autoDraftType: placeholder ? 'off' : autoDraftType,
      isBoardMember: a.is_board_member === true,
      isBoardChair: a.is_board_chair === true,
      features: features.get(id)!,
      properties: placeholder
        ? [{ propertyId: -id, ownerId: -id, accountNumber: '', address: { address1: '', address2: '', city: '', stateProvince: '', postalCode: '' } }]
        : own,
    };
  });
  const first = list[0];
  // The footer's links: the first association's effective settings (the company's when it has none).
  const links = first ? effective.get(first.id)! : await services.settings.valuesFor(companyId, null);
  const link = (value: unknown, column: string | null) => (typeof value === 'string' && value ? value : column);
  const privacyPolicyUrl = link(links.privacyPolicyUrl, user.privacy_policy_url);
  const termsOfServiceUrl = link(links.termsOfServiceUrl, user.terms_of_service_url);
  const reportProblemUrl = link(links.reportProblemUrl, null);
  // Opened with a portal token (docs/server.md "Portal token"): the portal shows them only when set.
  const helpCentreUrl = link(links.helpCentreUrl, null);
  const embeddedSsoUrl = link(links.embeddedSsoUrl, null);
  // Where a sign-in through the system browser goes back to the company's app (docs/embedding.md).
  const nativeAppReturnUrl = link(links.nativeAppReturnUrl, null);
  const company = {
    code: user.company_code,
    name: user.company_name,
    pmbEnabled: companyBusinessManagement(await services.settings.valuesFor(companyId, null), user.company_code),
    ...(privacyPolicyUrl ? { privacyPolicyUrl } : {}),
    ...(termsOfServiceUrl ? { termsOfServiceUrl } : {}),
    ...(reportProblemUrl ? { reportProblemUrl } : {}),
    ...(helpCentreUrl ? { helpCentreUrl } : {}),
    ...(embeddedSsoUrl ? { embeddedSsoUrl } : {}),
    ...(nativeAppReturnUrl ? { nativeAppReturnUrl } : {}),
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
