// GET /api/management/Company: the caller's management company and their role in it. x-policy
// (`staff: self`) has already found the caller active staff of a company.
import type { OperationHandler } from '../types.ts';
import { principalOf } from '../types.ts';
import { ApiError, messages } from '../../errors.ts';

export const getManagementCompany: OperationHandler<'getManagementCompany'> = async (req, services) => {
  const { userId } = principalOf(req);
  const { rows } = await services.db.query<{ code: string; name: string; role: 'admin' | 'staff' }>(
    `SELECT c.code, c.name, s.role
       FROM users u JOIN management_companies c ON c.id = u.management_company_id
       JOIN management_staff s ON s.user_id = u.id AND s.deactivated_at IS NULL
      WHERE u.id = $1`,
    [userId],
  );
  // Deactivated between the guard's check and this read: as the guard would have answered.
  if (rows.length === 0) throw new ApiError(403, messages.forbidden, { errorCode: 'AUTH003' });
  return { status: 200, body: rows[0] };
};
