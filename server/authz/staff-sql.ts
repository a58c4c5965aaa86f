// Who counts as management staff, in SQL: a user of a management company with an active row in
// management_staff. One definition, used by the scope checks and by the lists that show staff
// what their company manages. Each takes SQL expressions (placeholders or columns), never values.

export type StaffRole = 'admin' | 'staff';

/** SQL true when the user is active staff (of `role`, when given) of any management company. */
export const companyStaffSql = (user: string, role?: StaffRole) =>
  `EXISTS (SELECT 1 FROM management_staff cs WHERE cs.user_id = ${user} AND cs.deactivated_at IS NULL${role ? ` AND cs.role = '${role}'` : ''})`;

/** SQL true when the user is active staff (of `role`, when given) of the management company that manages the association. */
export const staffMemberSql = (association: string, user: string, role?: StaffRole) =>
  `EXISTS (SELECT 1 FROM associations sa JOIN users su ON su.management_company_id = sa.management_company_id
             JOIN management_staff ss ON ss.user_id = su.id AND ss.deactivated_at IS NULL${role ? ` AND ss.role = '${role}'` : ''}
            WHERE sa.id = ${association} AND su.id = ${user})`;
