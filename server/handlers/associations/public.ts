// GET /associations?code=: the public page's association (name, logo, banner), for anyone.
import { paymentError } from '../../payments/errors.ts';
import type { OperationHandler } from '../types.ts';

export const getPublicAssociation: OperationHandler<'getPublicAssociation'> = async (req, services) => {
  const { rows } = await services.db.query<{ id: number; code: string; name: string; logo_url: string | null; banner_url: string | null }>(
    'SELECT id, code, name, logo_url, banner_url FROM associations WHERE code = $1',
    [req.query.code.trim().toLowerCase()],
  );
  const association = rows[0];
  if (!association) throw paymentError('GP001');
  return {
    status: 200,
    body: { id: association.id, code: association.code, name: association.name, logoUrl: association.logo_url, bannerUrl: association.banner_url },
  };
};
