-- Management-company staff: users who work for their management company (users.management_company_id)
-- rather than own property there; they look after the company's associations.
CREATE TABLE management_staff (
  user_id integer PRIMARY KEY REFERENCES users (id),
  role text NOT NULL DEFAULT 'manager' CHECK (role IN ('manager', 'assistant')),
  created_at timestamptz NOT NULL DEFAULT now()
);
