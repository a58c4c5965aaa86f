// MyCA's redaction (server/myca/redact.ts): the personal details of the association's material are
// replaced by stable placeholders before anything reaches a language model, the answer gets them
// back, and the numbers an owner needs to read an answer (dates, times, amounts, years, pages)
// stay as written.
import { describe, expect, it } from 'vitest';
import { createPlaceholders, createStreamRestorer, redact, restore } from '../../server/myca/redact.ts';

/** The text redacted with a fresh map, and the map. */
function redacted(text: string) {
  const placeholders = createPlaceholders();
  return { text: redact(text, placeholders), placeholders };
}

describe('redact: e-mail addresses', () => {
  it.each([
    ['Write to the manager at jane.doe@summit-mgmt.com for a gate fob.', 'Write to the manager at [EMAIL_1] for a gate fob.'],
    ['Board: <board+arc@maplegrove.org>', 'Board: <[EMAIL_1]>'],
    ['mailto:Accounts.Receivable@Mail.Summit-Mgmt.co.uk', 'mailto:[EMAIL_1]'],
    ['Questions? treasurer_2026@hoa.example.', 'Questions? [EMAIL_1].'],
  ])('%s', (text, expected) => {
    expect(redacted(text).text).toBe(expected);
  });
});

describe('redact: phone numbers', () => {
  it.each([
    ['Call the office at (305) 555-0142.', 'Call the office at [PHONE_1].'],
    ['After hours: 305-555-0199, or 305.555.0100 for the gate.', 'After hours: [PHONE_1], or [PHONE_2] for the gate.'],
    ['Security: 305 555 0177', 'Security: [PHONE_1]'],
    ['Toll free 1-800-555-0199 or +1 (305) 555-0142 ext. 12', 'Toll free [PHONE_1] or [PHONE_2]'],
    ['Pool attendant: 786-555-0123 x204.', 'Pool attendant: [PHONE_1].'],
    ['Tel:305-555-0142', 'Tel:[PHONE_1]'],
    ['London office +44 20 7946 0958, Paris +33 1 23 45 67 89.', 'London office [PHONE_1], Paris [PHONE_2].'],
    ['Berlin +49 (0)30 1234567; Sydney +61 2 9876 5432', 'Berlin [PHONE_1]; Sydney [PHONE_2]'],
    ['Mexico City +52 55 1234 5678.', 'Mexico City [PHONE_1].'],
    ['Without the area code, call 555-0142; the gate phone is 555.0199.', 'Without the area code, call [PHONE_1]; the gate phone is [PHONE_2].'],
    ['Fax: 555-0143', 'Fax: [PHONE_1]'],
  ])('%s', (text, expected) => {
    expect(redacted(text).text).toBe(expected);
  });
});

describe('redact: account numbers', () => {
  it.each([
    ['Your account 100234 is current.', 'Your account [ACCOUNT_1] is current.'],
    ['Account Number: 0012345678', 'Account Number: [ACCOUNT_1]'],
    ['Acct. No. A-10023 owes the fine.', 'Acct. No. [ACCOUNT_1] owes the fine.'],
    ['Pay to account #12-3456 by the 1st.', 'Pay to account #[ACCOUNT_1] by the 1st.'],
    ['Account #: 4521 was credited.', 'Account #: [ACCOUNT_1] was credited.'],
    ['Reference 7730015 on the check.', 'Reference [ACCOUNT_1] on the check.'],
    ['Routing 021000021, checking 123456789012.', 'Routing [ACCOUNT_1], checking [ACCOUNT_2].'],
    ['Card 4111 1111 1111 1111 or 4111-1111-1111-1111.', 'Card [ACCOUNT_1] or [ACCOUNT_1].'],
    ['Owners 100234 and 100235 share the lot.', 'Owners [ACCOUNT_1] and [ACCOUNT_2] share the lot.'],
  ])('%s', (text, expected) => {
    expect(redacted(text).text).toBe(expected);
  });
});

describe('redact: street addresses', () => {
  it.each([
    ['The clubhouse is at 1200 Ocean Drive, Miami Beach, FL 33139.', 'The clubhouse is at [ADDRESS_1], Miami Beach, FL 33139.'],
    ['Drop the form at 45 Maple Grove Ct.', 'Drop the form at [ADDRESS_1].'],
    ['Management office: 500 Brickell Key Blvd #204', 'Management office: [ADDRESS_1]'],
    ['88 Harbor View Rd, Apt 3B, is the model unit.', '[ADDRESS_1], is the model unit.'],
    ['Mail to 12 N 5th Ave or 7 St. Andrews Pl.', 'Mail to [ADDRESS_1] or [ADDRESS_2].'],
    ['The gate at 2301 Lakeshore Blvd NE opens at 6.', 'The gate at [ADDRESS_1] opens at 6.'],
    ['910 Sunset Street Suite 12 handles leases.', '[ADDRESS_1] handles leases.'],
    ['Send checks to P.O. Box 4410 or PO Box 12.', 'Send checks to [ADDRESS_1] or [ADDRESS_2].'],
    ['Guests park at 17 Palm Way and 3 Heron Cove Cir.', 'Guests park at [ADDRESS_1] and [ADDRESS_2].'],
  ])('%s', (text, expected) => {
    expect(redacted(text).text).toBe(expected);
  });
});

describe('redact: what is not personal stays as written', () => {
  it.each([
    // Dates
    'The annual meeting is on March 15, 2026 at 7 pm.',
    'Ballots are due 03/15/2026; the vote closes 2026-03-29.',
    'Minutes of 15.03.2026, filed as 20260315.',
    'Assessments are due on the 1st and late after the 15th.',
    // Times
    'The pool is open 9 am to 9 pm.',
    'Quiet hours: 10:30 p.m. to 7:00 a.m.; the gym is open 5:00-23:00.',
    'Deliveries between 8 and 5 on weekdays.',
    // Money
    'Dues are $1,250 per quarter ($5,000 a year).',
    'The reserve fund holds $1,250,000.00 after a $125000 transfer.',
    'A special assessment of 125,000.00 was approved, or 250000 dollars in all.',
    'The fine is $50, rising to $100.50 after 30 days.',
    // Years
    'The 2026 budget replaces the 2025 one.',
    'Compare 2024 2025 2026 in the table.',
    'The operating account 2026-27 budget and fiscal year 2025-2026.',
    'Since 1987 the association has kept FY2026 reserves.',
    // Pages, sections and other small numbers
    'See page 12 of the declaration, pp. 100-120, section 4.2.1.',
    'Pages 100-1200 hold the rules; units 101-2020 are in Phase 2.',
    'Rule 12 allows 2 pets per unit; Lot 45, Unit 204, Building 3, Phase 2.',
    'The 3 Tennis Courts and 2 Pools close for 14 days.',
    'Open 7 Days A Week, 365 days a year, 12.5% late fee.',
    'ZIP 33139 and invoice INV-2026-0042.',
    'Article 5 Common Areas, Chapter 7 Pet Policy.',
    // Passage ids the model cites
    'The pool closes at 9 pm [p3], [p1, p12].',
  ])('%s', (text) => {
    const { text: out, placeholders } = redacted(text);
    expect(out).toBe(text);
    expect(placeholders.size).toBe(0);
  });
});

describe('placeholders', () => {
  it('are stable within a request: one detail, one placeholder, across passages', () => {
    const placeholders = createPlaceholders();
    const first = redact('Ask jane@summit-mgmt.com about 1200 Ocean Drive.', placeholders);
    const second = redact('JANE@summit-mgmt.com answers for 1200 Ocean Drive and 45 Maple Grove Ct.', placeholders);
    expect(first).toBe('Ask [EMAIL_1] about [ADDRESS_1].');
    expect(second).toBe('[EMAIL_1] answers for [ADDRESS_1] and [ADDRESS_2].');
  });

  it('give one phone number one placeholder however it is written', () => {
    const { text } = redacted('Call (305) 555-0142, 305.555.0142 or +1 305 555 0142; fax 305-555-0143.');
    expect(text).toBe('Call [PHONE_1], [PHONE_1] or [PHONE_1]; fax [PHONE_2].');
  });

  it('count each kind on its own', () => {
    const { text } = redacted('a@b.org, c@d.org, (305) 555-0142, account 100234, 9 Elm St');
    expect(text).toBe('[EMAIL_1], [EMAIL_2], [PHONE_1], account [ACCOUNT_1], [ADDRESS_1]');
  });

  it('leave the original of each placeholder to restore', () => {
    const { placeholders } = redacted('Write to board@maplegrove.org.');
    expect(placeholders.originalOf('[EMAIL_1]')).toBe('board@maplegrove.org');
    expect(placeholders.originalOf('[EMAIL_2]')).toBeUndefined();
  });
});

describe('restore', () => {
  const passage = 'Owner of account 100234 at 45 Maple Grove Ct: reach them at owner@example.com or (305) 555-0142. '
    + 'The manager, +44 20 7946 0958, works from 1200 Ocean Drive, Suite 300.';

  it('undoes redact exactly', () => {
    const placeholders = createPlaceholders();
    const out = redact(passage, placeholders);
    expect(out).not.toMatch(/100234|Maple|owner@|555-0142|7946|Ocean/);
    expect(restore(out, placeholders)).toBe(passage);
  });

  it("puts the originals back into the model's answer, and leaves unknown placeholders alone", () => {
    const placeholders = createPlaceholders();
    redact(passage, placeholders);
    const answer = 'Write to [EMAIL_1] or call [PHONE_1] [p2]; the office is at [ADDRESS_2] [p1]. [PHONE_9] is not one.';
    expect(restore(answer, placeholders)).toBe(
      'Write to owner@example.com or call (305) 555-0142 [p2]; the office is at 1200 Ocean Drive, Suite 300 [p1]. [PHONE_9] is not one.',
    );
  });
});

describe('createStreamRestorer', () => {
  it('holds back a placeholder cut between pieces until it is whole', () => {
    const placeholders = createPlaceholders();
    redact('Office: 1200 Ocean Drive, e-mail office@hoa.org.', placeholders);
    const restorer = createStreamRestorer(placeholders);
    const pieces = ['The office is at [ADD', 'RESS_1] [p1]', '; write to [', 'EMAIL_', '1] or see [p', '2]. ['];
    const shown = pieces.map((piece) => restorer.push(piece));
    expect(shown).toEqual(['The office is at ', '1200 Ocean Drive [p1]', '; write to ', '', 'office@hoa.org or see [p', '2]. ']);
    expect(restorer.flush()).toBe('[');
    expect(shown.join('') + '[').toBe('The office is at 1200 Ocean Drive [p1]; write to office@hoa.org or see [p2]. [');
  });
});
