// The words of x-policy (docs/server.md, "Authorization"): who may call an operation (principals)
// and what a request may name for them (resources). Only names and types live here, so the OpenAPI
// loader can check every policy at boot without the database; scopes.ts says how each pair is
// checked and answered.

/**
 * The credential a principal presents: a sign-in token, a guest token or an express session token;
 * `optional`: none needed, a sign-in token if sent (the anyone principal).
 */
export type TokenKind = 'user' | 'guest' | 'express' | 'optional';

/** Every resource a scope can name, and the JSON type of the parameter that names it. */
export const RESOURCES = {
  /** A user id that must be the caller's own. */
  self: 'integer',
  /** An account, by account number. */
  account: 'string',
  subLedger: 'integer',
  association: 'integer',
  /** A payment id (pay_...). */
  payment: 'string',
  /** A saved payment method id. */
  paymentMethod: 'integer',
  /** A saved method's setup, by provider setup intent id. */
  methodSetup: 'string',
  /** A recurring payment schedule id (rec_...). */
  recurringPayment: 'string',
  /** An auto-draft enrollment id (ad_...). */
  autoDraft: 'string',
  /** An acknowledgement id: 'rpa_', 'ada_' or 'dn_' and a number (server/handlers/payments/acknowledgements.ts). */
  acknowledgement: 'string',
  /** A message thread with management (server/handlers/users/messages.ts). */
  messageThread: 'integer',
  /** A homeowner request: general, architectural or reservation (server/handlers/action-items/). */
  homeownerRequest: 'integer',
  /** An architectural request under the board's review (server/handlers/action-items/arc-review.ts). */
  arcRequest: 'integer',
  /** A library document id (server/documents/): readable by the caller at its folder's permission. */
  document: 'integer',
  /** A library folder id: readable by the caller at its permission. */
  documentFolder: 'integer',
  /** An association id whose document library the caller manages (board document-manage security). */
  documentLibrary: 'integer',
} as const;
export type ResourceKind = keyof typeof RESOURCES;

interface PrincipalDef {
  token: TokenKind;
  /** May the principal be granted with the word `self` (its own data, nothing named)? */
  self: boolean;
  resources: readonly ResourceKind[];
}

export const PRINCIPALS = {
  /** Any signed-in user; `self` only: the operation works on the caller and names nothing else. */
  user: { token: 'user', self: true, resources: ['self'] },
  /** A signed-in user owning the account named (directly, or through its sub-ledger, payment, saved method, recurring payment, auto-draft, acknowledgement). */
  homeowner: {
    token: 'user',
    self: false,
    resources: ['self', 'account', 'subLedger', 'payment', 'paymentMethod', 'methodSetup', 'association', 'recurringPayment', 'autoDraft', 'acknowledgement', 'messageThread', 'homeownerRequest', 'document', 'documentFolder'],
  },
  /** A signed-in member of the named association's board (chairs included). */
  board: { token: 'user', self: false, resources: ['association', 'arcRequest', 'document', 'documentFolder', 'documentLibrary'] },
  /** A signed-in chair of the named association's board. */
  chair: { token: 'user', self: false, resources: ['association', 'arcRequest'] },
  /**
   * A signed-in, active staff member (admins included) of the management company that manages the
   * named association; with `self`, of any company: the operation answers for the caller's own.
   */
  staff: { token: 'user', self: true, resources: ['association', 'messageThread', 'homeownerRequest', 'document', 'documentFolder', 'documentLibrary'] },
  /** A signed-in, active admin of the management company that manages the named association; with `self`, of their own company. */
  admin: { token: 'user', self: true, resources: ['association'] },
  /** A guest session: its one account; a payment only if this session set it up. */
  guest: { token: 'guest', self: true, resources: ['subLedger', 'payment'] },
  /** An express-pay session: its checkout link's one sub-ledger and the payments made through such links. */
  express: { token: 'express', self: true, resources: ['subLedger', 'payment'] },
  /**
   * Anyone, signed in or not (no token needed; a sign-in token, if sent, must be valid): what is
   * open to everyone, such as an existing association or an `everyone` library document.
   */
  anyone: { token: 'optional', self: false, resources: ['association', 'document', 'documentFolder'] },
} as const satisfies Record<string, PrincipalDef>;
export type PrincipalName = keyof typeof PRINCIPALS;

export const PUBLIC = 'public';
export const SELF = 'self';

export function isPrincipal(name: string): name is PrincipalName {
  return Object.hasOwn(PRINCIPALS, name);
}

export function isResource(name: string): name is ResourceKind {
  return Object.hasOwn(RESOURCES, name);
}

export function tokenKindOf(principal: PrincipalName): TokenKind {
  return PRINCIPALS[principal].token;
}
