// Who is calling, as the authorization layer identified them from the bearer token (identify.ts).
// Handlers receive it already checked against the operation's x-policy.
import type { GuestClaims } from '../payments/guest-token.ts';
import type { ExpressClaims } from '../payments/express-token.ts';
import type { SignedInClaims } from '../auth/tokens.ts';

/** A public operation's caller: nobody is identified (a token, if any, is not looked at). */
export interface AnonymousCaller {
  kind: 'anonymous';
}

/** A signed-in user (homeowner, board member, chair or management staff: what they are depends on the resource). */
export interface UserCaller extends SignedInClaims {
  kind: 'user';
}

/** A guest session: scoped to one account, and to the payments this session set up. */
export interface GuestCaller extends GuestClaims {
  kind: 'guest';
}

/** An express-pay session: scoped to one checkout link and its sub-ledger. */
export interface ExpressCaller extends ExpressClaims {
  kind: 'express';
  /** The owner's e-mail (receipts go there). */
  email: string | null;
}

export type Caller = AnonymousCaller | UserCaller | GuestCaller | ExpressCaller;
