// Validation of what is typed into the hosted entry page: Luhn, card brand, expiry, CVC, ABA
// routing checksum, account number. Messages are shown next to the field they concern.
import type { BankAccountType, CardBrand } from '../payments/provider.ts';

export type FieldErrors = Record<string, string>;

export function digitsOnly(value: string): string {
  return value.replace(/[\s-]/g, '');
}

export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  let double = false;
  for (let i = number.length - 1; i >= 0; i--) {
    let d = number.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

export function cardBrand(number: string): CardBrand | null {
  if (/^4/.test(number)) return 'visa';
  if (/^5[1-5]/.test(number)) return 'mastercard';
  const six = Number(number.slice(0, 6));
  if (six >= 222100 && six <= 272099) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(number)) return 'discover';
  return null;
}

/** ABA routing number checksum: 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) ≡ 0 (mod 10). */
export function routingNumberValid(routing: string): boolean {
  if (!/^\d{9}$/.test(routing)) return false;
  const d = [...routing].map(Number);
  const sum = 3 * (d[0] + d[3] + d[6]) + 7 * (d[1] + d[4] + d[7]) + (d[2] + d[5] + d[8]);
  return sum % 10 === 0;
}

/** 'MM/YY' or 'MM/YYYY' (spaces allowed around the slash). */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!m) return null;
  const month = Number(m[1]);
  const year = m[2].length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/** A card is valid through the last day of its expiry month (UTC). */
export function expiryInFuture(exp: { month: number; year: number }, now: Date): boolean {
  const firstOfNextMonth = Date.UTC(exp.year, exp.month, 1);
  return firstOfNextMonth > now.getTime();
}

export interface CardInput {
  number: string;
  brand: CardBrand;
  expMonth: number;
  expYear: number;
  name: string;
}

export interface BankInput {
  routingNumber: string;
  accountNumber: string;
  accountType: BankAccountType;
  holderName: string;
}

function text(body: Record<string, unknown>, key: string): string {
  const v = body[key];
  return typeof v === 'string' ? v : '';
}

export function validateCard(body: Record<string, unknown>, now: Date): { ok: true; value: CardInput } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const number = digitsOnly(text(body, 'number'));
  let brand: CardBrand | null = null;
  if (!number) errors.number = 'Enter the card number.';
  else if (!/^\d+$/.test(number) || !luhnValid(number)) errors.number = 'The card number is not valid. Check the digits.';
  else if (!(brand = cardBrand(number))) errors.number = 'This card type is not accepted. Use Visa, Mastercard, American Express or Discover.';
  const expiryText = text(body, 'expiry');
  const exp = parseExpiry(expiryText);
  if (!expiryText.trim()) errors.expiry = 'Enter the expiry date as MM/YY.';
  else if (!exp) errors.expiry = 'Enter the expiry date as MM/YY, for example 04/29.';
  else if (!expiryInFuture(exp, now)) errors.expiry = 'This card has expired: enter an expiry date in the future.';
  const cvc = text(body, 'cvc').trim();
  const cvcLength = brand === 'amex' ? 4 : 3;
  if (!cvc) errors.cvc = 'Enter the security code.';
  else if (!new RegExp(`^\\d{${cvcLength}}$`).test(cvc)) errors.cvc = `Enter the ${cvcLength}-digit security code.`;
  const name = text(body, 'name').trim();
  if (!name) errors.name = 'Enter the name on the card.';
  else if (name.length > 100) errors.name = 'The name must be 100 characters or fewer.';
  if (Object.keys(errors).length || !brand || !exp) return { ok: false, errors };
  return { ok: true, value: { number, brand, expMonth: exp.month, expYear: exp.year, name } };
}

export function validateBank(body: Record<string, unknown>): { ok: true; value: BankInput } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const routingNumber = digitsOnly(text(body, 'routingNumber'));
  if (!routingNumber) errors.routingNumber = 'Enter the routing number.';
  else if (!/^\d{9}$/.test(routingNumber)) errors.routingNumber = 'Enter the 9-digit routing number.';
  else if (!routingNumberValid(routingNumber)) errors.routingNumber = 'The routing number is not valid. Check the digits.';
  const accountNumber = digitsOnly(text(body, 'accountNumber'));
  if (!accountNumber) errors.accountNumber = 'Enter the account number.';
  else if (!/^\d{4,17}$/.test(accountNumber)) errors.accountNumber = 'Enter an account number of 4 to 17 digits.';
  const accountType = text(body, 'accountType');
  if (accountType !== 'checking' && accountType !== 'savings') errors.accountType = 'Choose checking or savings.';
  const holderName = text(body, 'holderName').trim();
  if (!holderName) errors.holderName = 'Enter the account holder name.';
  else if (holderName.length > 100) errors.holderName = 'The name must be 100 characters or fewer.';
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, value: { routingNumber, accountNumber, accountType: accountType as BankAccountType, holderName } };
}
