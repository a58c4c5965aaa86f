-- The management console's people search (server/management/people.ts): a company's owners found
-- by the start of a name, e-mail, account number or street address, and listed by name or e-mail,
-- each through an index so that it stays fast with tens of thousands of homes. text_pattern_ops
-- lets a LIKE 'start%' use the index whatever the database's collation.

-- The list's orders within a company, each ending with the user, the grid's last sort key.
CREATE INDEX users_company_sort_name_idx ON users (management_company_id, lower(last_name || ', ' || first_name), id);
CREATE INDEX users_company_email_idx ON users (management_company_id, email, id);

-- The searches: a full name ("jordan riv"), a last name ("rivera"), an e-mail (stored lower-cased)
-- among the company's users; an account number, a street line ("12 oak") among all accounts (the
-- search keeps those of the company's associations).
CREATE INDEX users_full_name_prefix_idx ON users (management_company_id, lower(first_name || ' ' || last_name) text_pattern_ops);
CREATE INDEX users_last_name_prefix_idx ON users (management_company_id, lower(last_name) text_pattern_ops);
CREATE INDEX users_email_prefix_idx ON users (management_company_id, email text_pattern_ops);
CREATE INDEX accounts_number_prefix_idx ON accounts (account_number text_pattern_ops);
CREATE INDEX accounts_address_prefix_idx ON accounts (lower(address1) text_pattern_ops);
