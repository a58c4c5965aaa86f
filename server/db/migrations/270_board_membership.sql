-- Board membership kept from the management console: when each member joined (shown in the
-- console), and at most one chair per association, held by the database itself so that two admins
-- choosing a chair at the same moment cannot both succeed.
ALTER TABLE board_members ADD COLUMN added_at timestamptz NOT NULL DEFAULT now();
CREATE UNIQUE INDEX board_members_one_chair ON board_members (association_id) WHERE is_chair;
CREATE INDEX board_members_association_idx ON board_members (association_id);
