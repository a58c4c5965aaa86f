-- MyCA's conversations (server/myca/conversations.ts; docs/server.md, "MyCA"). A conversation is
-- one asker's questions in one association, read again with each follow-up; a signed-out
-- visitor's has no user and is known only by its random id. Each answer keeps what was shown
-- (text, citations, refused) and the asker's feedback, which the management company's staff read.
-- Everything is deleted 30 days after the conversation's last question (due work `myca.expiry`).
CREATE TABLE myca_conversations (
  id text PRIMARY KEY CHECK (char_length(id) = 22),
  association_id integer NOT NULL REFERENCES associations (id) ON DELETE CASCADE,
  user_id integer REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX myca_conversations_user_idx ON myca_conversations (user_id, updated_at DESC) WHERE user_id IS NOT NULL;
CREATE INDEX myca_conversations_updated_idx ON myca_conversations (updated_at);

CREATE TABLE myca_answers (
  id text PRIMARY KEY CHECK (char_length(id) = 22),
  conversation_id text NOT NULL REFERENCES myca_conversations (id) ON DELETE CASCADE,
  ordinal integer NOT NULL CHECK (ordinal >= 0),
  question text NOT NULL,
  answer text NOT NULL,
  refused boolean NOT NULL,
  -- The citations as the answer showed them: [{ref, kind, title, page?, href}].
  citations jsonb NOT NULL,
  -- How the text was made: 'extractive', or 'model' (a company's language model, its citations checked).
  made_by text NOT NULL CHECK (made_by IN ('extractive', 'model')),
  asked_at timestamptz NOT NULL,
  helpful boolean,
  feedback_comment text,
  feedback_at timestamptz,
  UNIQUE (conversation_id, ordinal)
);
CREATE INDEX myca_answers_feedback_idx ON myca_answers (feedback_at DESC) WHERE feedback_at IS NOT NULL;
