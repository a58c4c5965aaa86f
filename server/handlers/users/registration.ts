// Self-registration against an existing association account (account number + property zip, or a
// registration key), and the manual account request stored for management-company staff.
import { ApiError, messages } from '../../errors.ts';
import type { OperationHandler } from '../types.ts';

interface AccountRow {
  id: number;
  owner_user_id: number | null;
  management_company_id: number;
}

const notFound = () => new ApiError(404, messages.registrationNotFound, { errorCode: 'REG001' });
const taken = () => new ApiError(409, messages.registrationTaken, { errorCode: 'REG002' });
const emailInUse = () => new ApiError(409, messages.emailInUse, { errorCode: 'REG003' });

export const registerHomeowner: OperationHandler<'registerHomeowner'> = async (req, services) => {
  const method = req.params.method;
  const body = req.body;
  const email = body.email.toLowerCase();
  const select = `SELECT ac.id, ac.owner_user_id, a.management_company_id
                    FROM accounts ac JOIN associations a ON a.id = ac.association_id`;
  let found: AccountRow | undefined;
  if (method === 'accountNumber') {
    if (!body.accountNumber) throw new ApiError(400, 'Account number is required.', { errorCode: 'VAL001' });
    if (!body.zip) throw new ApiError(400, 'Property zip code is required.', { errorCode: 'VAL001' });
    found = (await services.db.query<AccountRow>(`${select} WHERE ac.account_number = $1 AND left(ac.postal_code, 5) = $2`, [body.accountNumber, body.zip])).rows[0];
  } else {
    if (!body.registrationKey) throw new ApiError(400, 'Registration key is required.', { errorCode: 'VAL001' });
    found = (await services.db.query<AccountRow>(`${select} WHERE upper(ac.registration_key) = upper($1)`, [body.registrationKey.trim()])).rows[0];
  }
  if (!found) throw notFound();
  if (found.owner_user_id !== null) throw taken();
  if ((await services.db.query('SELECT 1 FROM users WHERE email = $1', [email])).rows.length > 0) throw emailInUse();

  const passwordHash = await services.passwords.hash(body.password);
  const now = services.clock();
  try {
    const userId = await services.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: number }>(
        `INSERT INTO users (management_company_id, email, password_hash, first_name, last_name, created_at, password_changed_at)
         VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING id`,
        [found.management_company_id, email, passwordHash, body.firstName.trim(), body.lastName.trim(), now],
      );
      const id = Number(rows[0].id);
      const claimed = await tx.query('UPDATE accounts SET owner_user_id = $1, registered_at = $2 WHERE id = $3 AND owner_user_id IS NULL', [id, now, found.id]);
      if (claimed.rowCount !== 1) throw taken(); // registered concurrently: roll back the user
      return id;
    });
    return { status: 201, body: { userId } };
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw emailInUse(); // unique e-mail, concurrently
    throw error;
  }
};

export const requestAccount: OperationHandler<'requestAccount'> = async (req, services) => {
  const b = req.body;
  const { rows } = await services.db.query<{ id: number }>(
    `INSERT INTO account_requests (first_name, last_name, email, phone, association_name, address, account_number, message, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [b.firstName.trim(), b.lastName.trim(), b.email.toLowerCase(), b.phone ?? null, b.associationName.trim(), b.address.trim(), b.accountNumber ?? null, b.message ?? null, services.clock()],
  );
  return { status: 201, body: { requestId: Number(rows[0].id) } };
};
