// GET /associations?code=: the public page's association (name, logo, banner, favicon and
// colours, from its effective settings), for anyone.
import { lookByCode } from '../../branding/look.ts';
import { paymentError } from '../../payments/errors.ts';
import type { OperationHandler } from '../types.ts';

export const getPublicAssociation: OperationHandler<'getPublicAssociation'> = async (req, services) => {
  const { rows } = await services.db.query<{ id: number; code: string; name: string }>(
    'SELECT id, code, name FROM associations WHERE code = $1',
    [req.query.code.trim().toLowerCase()],
  );
  const association = rows[0];
  if (!association) throw paymentError('GP001');
  const look = await lookByCode(services.db, services.settings, association.code);
  return {
    status: 200,
    body: {
      id: association.id, code: association.code, name: association.name, logoUrl: look?.logoUrl ?? null, bannerUrl: look?.bannerUrl ?? null,
      designTemplate: look?.designTemplate ?? 'Default', faviconUrl: look?.faviconUrl ?? null, themeOverrides: look?.themeOverrides ?? {},
    },
  };
};
