// The one interface between our payments code and a payment provider. The built-in sandbox
// provider (server/sandbox-provider/) implements it the way a real provider's adapter would:
// card and bank numbers are entered on the provider's own hosted page and never reach our API,
// except a bank account typed into the auto-draft form, which is handed to the provider at once
// (tokenizeBankAccount) and never stored.

export type MethodKind = 'card' | 'bank';
export type CardBrand = 'visa' | 'mastercard' | 'discover' | 'amex';
export type BankAccountType = 'checking' | 'savings';

/** What we may store about a tokenized method: the token and display details, never the numbers. */
export interface TokenizedMethod {
  token: string;
  kind: MethodKind;
  brand?: CardBrand;
  last4: string;
  expMonth?: number;
  expYear?: number;
  bankAccountType?: BankAccountType;
  bankName?: string;
}

export interface BankAccountInput {
  merchantAccount: string;
  customerRef: string;
  accountType: BankAccountType;
  routingNumber: string;
  accountNumber: string;
  holderName: string;
  bankName: string;
}

export interface SetupIntent {
  setupIntentId: string;
  /** Handed to the browser so the hosted entry page can attach a method to this intent. */
  clientSecret: string;
  /** The provider's hosted entry page for this intent, shown in a frame. */
  hostedEntryUrl: string;
}

export type ChargeStatus = 'succeeded' | 'pending' | 'declined' | 'failed';

export interface ChargeResult {
  chargeId: string;
  /** Cards succeed or are declined at once; bank debits stay pending until they settle or return. */
  status: ChargeStatus;
  /** Set when status is declined or failed; `transient` failures may be retried with the same key. */
  failure?: { code: string; message: string; transient: boolean };
}

export type ProviderEventType = 'charge.settled' | 'charge.returned';

export interface ProviderEvent {
  id: string;
  type: ProviderEventType;
  chargeId: string;
  occurredAt: string;
  reason?: string;
}

export class ProviderNotConnectedError extends Error {
  constructor(message = 'The merchant account is not connected to a payment provider') {
    super(message);
    this.name = 'ProviderNotConnectedError';
  }
}

/** The provider refused the bank details given to tokenizeBankAccount; `fields` says which, in its words. */
export class BankDetailsRejectedError extends Error {
  readonly fields: Record<string, string>;
  constructor(message: string, fields: Record<string, string> = {}) {
    super(message);
    this.name = 'BankDetailsRejectedError';
    this.fields = fields;
  }
}

/** An idempotency key reused with different parameters (another amount, method or charge): nothing was charged. */
export class IdempotencyMismatchError extends Error {
  constructor(message = 'The idempotency key was already used with different parameters') {
    super(message);
    this.name = 'IdempotencyMismatchError';
  }
}

export interface PaymentProvider {
  readonly name: string;
  /**
   * Starts entry of a new method for a merchant (an association's provider account). `chargeCents`:
   * what the payment will charge as soon as the method is entered (the hosted page says so on its
   * button); absent when nothing is charged then.
   */
  createSetupIntent(input: { merchantAccount: string; kind: MethodKind; customerRef: string; chargeCents?: number | null }): Promise<SetupIntent>;
  /** Changes what a pending setup intent's payment will charge (the payer changed the amount before entering the method). */
  updateSetupIntentCharge?(setupIntentId: string, chargeCents: number | null): Promise<void>;
  /** The method attached to a setup intent once the hosted entry page has tokenized it; null until then. */
  retrieveSetupIntent(setupIntentId: string): Promise<{ status: 'pending' | 'succeeded'; method: TokenizedMethod | null }>;
  /**
   * Tokenizes a bank account typed into one of our own forms (the auto-draft enrollment, whose
   * authorization names the account): the numbers pass through to the provider and are not kept.
   * Throws BankDetailsRejectedError when the provider refuses the details.
   */
  tokenizeBankAccount(input: BankAccountInput): Promise<TokenizedMethod>;
  /**
   * Charges a card or debits a bank account. Idempotent by key: the same key returns the first
   * result and never charges twice. Throws ProviderNotConnectedError for an unconnected merchant.
   */
  charge(input: { merchantAccount: string; token: string; amountCents: number; idempotencyKey: string; description: string }): Promise<ChargeResult>;
  refund(input: { chargeId: string; amountCents: number; idempotencyKey: string }): Promise<{ refundId: string; status: 'succeeded' | 'pending' }>;
  /** Settlement events after a cursor (null: from the start), oldest first. */
  listEvents(cursor: string | null): Promise<{ events: ProviderEvent[]; cursor: string | null }>;
}
