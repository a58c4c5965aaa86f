// The method kinds an association's payment screens offer: what the association accepts, less a
// kind its effective settings switch off (cardPayments, bankPayments). The server refuses such a
// payment in any case (server/features/gate.ts).
import type { Queryable } from '../db/index.ts';
import type { SettingsService } from '../settings/index.ts';

export interface Accepts {
  card: boolean;
  bank: boolean;
}

export async function acceptedKinds(db: Queryable, settings: SettingsService, associationId: number, accepts: Accepts): Promise<Accepts> {
  const { rows } = await db.query<{ management_company_id: number }>('SELECT management_company_id FROM associations WHERE id = $1', [associationId]);
  if (!rows[0]) return accepts;
  const values = await settings.valuesFor(Number(rows[0].management_company_id), associationId);
  return { card: accepts.card && values.cardPayments !== false, bank: accepts.bank && values.bankPayments !== false };
}
