-- Form tokens that have carried a valid post, so each carries one (services/form-token.ts): a
-- second post with the same token is spam, "form token replayed". Kept until the token could not
-- pass anyway (2 hours after its form was served), then deleted by the daily maintenance.
CREATE TABLE spent_form_tokens (
  token TEXT PRIMARY KEY,
  expires_at TEXT NOT NULL
);
CREATE INDEX spent_form_tokens_expiry ON spent_form_tokens (expires_at);
