// Each handover token is good once (migration 310): its jti is recorded for the company, and a
// second use of it finds the row already there. The primary key decides between two uses at once.
import type { Queryable } from '../../db/index.ts';

let uses = 0;

/** Records the token as used; false when it was used before. */
export async function useHandoverToken(db: Queryable, companyId: number, jti: string, usableUntil: Date, now: Date): Promise<boolean> {
  const { rows } = await db.query(
    'INSERT INTO used_handover_tokens (company_id, jti, expires_at) VALUES ($1, $2, $3) ON CONFLICT (company_id, jti) DO NOTHING RETURNING jti',
    [companyId, jti, usableUntil],
  );
  // A token past its expiry is refused before its jti is looked at: its row is of no use any more.
  if (++uses % 100 === 0) await db.query('DELETE FROM used_handover_tokens WHERE expires_at < $1', [now]);
  return rows.length === 1;
}
