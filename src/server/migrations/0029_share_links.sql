-- Share links for a landing page's draft (issue 45): someone without an account (the client,
-- legal) sees the page as it will look. The token is kept only as its SHA-256; a link ends at its
-- expiry or when it is revoked. Read by the token's hash, listed and revoked by document, so no
-- query reads more than one page's links.
CREATE TABLE share_links (
  id TEXT PRIMARY KEY,
  token_hash TEXT NOT NULL UNIQUE,
  doc TEXT NOT NULL,
  made_by TEXT NOT NULL,
  made_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  revoked_at TEXT
) WITHOUT ROWID;

CREATE INDEX share_links_by_doc ON share_links (doc, expires_at);
