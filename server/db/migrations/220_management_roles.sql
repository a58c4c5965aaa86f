-- The management console's roles: a company's admin does everything the console offers for the
-- company's associations; its staff read settings and answer residents. A deactivated staff member
-- keeps their row (the audit trail names them) but is no longer staff anywhere, at once.
ALTER TABLE management_staff DROP CONSTRAINT IF EXISTS management_staff_role_check;
UPDATE management_staff SET role = CASE role WHEN 'manager' THEN 'admin' ELSE 'staff' END;
ALTER TABLE management_staff ALTER COLUMN role SET DEFAULT 'staff';
ALTER TABLE management_staff ADD CONSTRAINT management_staff_role_check CHECK (role IN ('admin', 'staff'));
ALTER TABLE management_staff ADD COLUMN deactivated_at timestamptz;
