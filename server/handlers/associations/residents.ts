// GET /associations/{id}/Residents: the resident directory. Who may read it is x-policy's
// (homeowners, board and staff of that association); what each resident shows is their own
// choice (directory_preferences; none = name only). Hidden values are blanked in the query
// itself, so they never reach this process, let alone the answer.
import type { OperationHandler } from '../types.ts';

interface ResidentRow {
  first_name: string;
  last_name: string;
  phone: string | null;
  email: string | null;
  title: string | null;
  show_address: boolean;
  property1: string | null;
  property2: string | null;
  property_city: string | null;
  property_state: string | null;
  property_zip: string | null;
  international: boolean | null;
  street: string | null;
  street2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  country: string | null;
  province: string | null;
  postal_code: string | null;
}

const RESIDENTS_SQL = `
  SELECT DISTINCT ON (u.id) u.id, u.first_name, u.last_name,
         CASE WHEN d.show_phone THEN (SELECT c.value FROM user_contacts c WHERE c.user_id = u.id AND c.type = 'phone' AND c.is_primary) END AS phone,
         CASE WHEN d.show_email THEN (SELECT c.value FROM user_contacts c WHERE c.user_id = u.id AND c.type = 'email' AND c.is_primary) END AS email,
         CASE WHEN d.show_title THEN d.title END AS title,
         COALESCE(d.show_mailing_address, false) AS show_address,
         CASE WHEN d.show_mailing_address THEN ac.address1 END AS property1,
         CASE WHEN d.show_mailing_address THEN ac.address2 END AS property2,
         CASE WHEN d.show_mailing_address THEN ac.city END AS property_city,
         CASE WHEN d.show_mailing_address THEN ac.state_province END AS property_state,
         CASE WHEN d.show_mailing_address THEN ac.postal_code END AS property_zip,
         CASE WHEN d.show_mailing_address THEN ma.international END AS international,
         CASE WHEN d.show_mailing_address THEN ma.street END AS street,
         CASE WHEN d.show_mailing_address THEN ma.street2 END AS street2,
         CASE WHEN d.show_mailing_address THEN ma.city END AS city,
         CASE WHEN d.show_mailing_address THEN ma.state END AS state,
         CASE WHEN d.show_mailing_address THEN ma.zip END AS zip,
         CASE WHEN d.show_mailing_address THEN ma.country END AS country,
         CASE WHEN d.show_mailing_address THEN ma.province END AS province,
         CASE WHEN d.show_mailing_address THEN ma.postal_code END AS postal_code
    FROM accounts ac
    JOIN users u ON u.id = ac.owner_user_id
    LEFT JOIN directory_preferences d ON d.user_id = u.id
    LEFT JOIN user_addresses ma ON ma.user_id = u.id AND ma.is_primary
   WHERE ac.association_id = $1
     AND (d.user_id IS NULL OR d.show_name)
     AND ($2::text IS NULL OR u.first_name ILIKE $2 OR u.last_name ILIKE $2 OR (u.first_name || ' ' || u.last_name) ILIKE $2)
   ORDER BY u.id, ac.account_number`;

const line = (parts: (string | null | undefined)[]) =>
  parts
    .map((p) => (p ?? '').trim())
    .filter((p) => p !== '')
    .join(', ');

function mailingAddressOf(r: ResidentRow): string | undefined {
  if (r.street === null) return undefined;
  const place = r.international
    ? [r.city, [r.province, r.postal_code].filter(Boolean).join(' '), r.country]
    : [r.city, [r.state, r.zip].filter(Boolean).join(' ')];
  return line([r.street, r.street2, ...place]) || undefined;
}

function propertyAddressOf(r: ResidentRow): string | undefined {
  if (r.property1 === null) return undefined;
  return line([r.property1, r.property2, r.property_city, [r.property_state, r.property_zip].filter(Boolean).join(' ')]) || undefined;
}

/** A search for names containing the text, with LIKE's wildcards taken literally. */
function likePattern(search: string | undefined): string | null {
  const text = (search ?? '').trim();
  return text === '' ? null : `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export const listResidents: OperationHandler<'listResidents'> = async (req, services) => {
  const { rows } = await services.db.query<ResidentRow>(RESIDENTS_SQL, [req.params.id, likePattern(req.query.search)]);
  const byName = (a: ResidentRow, b: ResidentRow) =>
    a.last_name.localeCompare(b.last_name, 'en', { sensitivity: 'base' }) || a.first_name.localeCompare(b.first_name, 'en', { sensitivity: 'base' });
  const entries = rows.map((r) => {
    const address = propertyAddressOf(r);
    const mailingAddress = mailingAddressOf(r);
    const resident = {
      name: `${r.first_name} ${r.last_name}`.trim(),
      ...(r.phone ? { phone: r.phone } : {}),
      ...(r.email ? { email: r.email } : {}),
      ...(mailingAddress ? { mailingAddress } : {}),
      ...(address ? { address } : {}),
      ...(r.title ? { title: r.title } : {}),
    };
    return { row: r, address, resident };
  });
  entries.sort((a, b) => {
    if (req.query.sort === 'address') {
      // Hidden addresses sort last, so the order reveals nothing about them.
      if (a.address && b.address) return a.address.localeCompare(b.address, 'en', { numeric: true }) || byName(a.row, b.row);
      if (a.address || b.address) return a.address ? -1 : 1;
    }
    return byName(a.row, b.row);
  });
  return { status: 200, body: { residents: entries.map((e) => e.resident) } };
};
