// GET /associations?code=: the public page's association (name, logo, banner, favicon and
// colours, from its effective settings, and whether MyCA answers its visitors), for anyone.
import { lookByCode } from '../../branding/look.ts';
import { FEATURES } from '../../features/registry.ts';
import { paymentError } from '../../payments/errors.ts';
import type { OperationHandler } from '../types.ts';

export const getPublicAssociation: OperationHandler<'getPublicAssociation'> = async (req, services) => {
  const { rows } = await services.db.query<{ id: number; code: string; name: string; management_company_id: number; company_code: string }>(
    `SELECT a.id, a.code, a.name, a.management_company_id, c.code AS company_code
       FROM associations a JOIN management_companies c ON c.id = a.management_company_id
      WHERE a.code = $1`,
    [req.query.code.trim().toLowerCase()],
  );
  const association = rows[0];
  if (!association) throw paymentError('GP001');
  const look = await lookByCode(services.db, services.settings, association.code);
  const values = await services.settings.valuesFor(Number(association.management_company_id), Number(association.id));
  const myCA = FEATURES.myCA.on({ values, companyCode: association.company_code, associationCode: association.code, methodKind: null });
  return {
    status: 200,
    body: {
      id: association.id, code: association.code, name: association.name, logoUrl: look?.logoUrl ?? null, bannerUrl: look?.bannerUrl ?? null,
      designTemplate: look?.designTemplate ?? 'Default', faviconUrl: look?.faviconUrl ?? null, themeOverrides: look?.themeOverrides ?? {},
      myCA,
    },
  };
};
