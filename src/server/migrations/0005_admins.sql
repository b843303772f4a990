-- Named admins, their sessions and passkeys, and invitations (issue 20). Secrets never stored:
-- sessions and invitations are kept as SHA-256 hashes of the tokens their holders carry.

-- Everyone who may use the console. The password admin (ADMIN_USERNAME) gets its row on its
-- first sign-in; invited admins on redeeming their invitation.
CREATE TABLE admins (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL,
  invited_by TEXT,
  last_sign_in_at TEXT
);

-- A signed-in browser. Ends 12 hours after it was last seen, or 7 days after it began.
CREATE TABLE admin_sessions (
  token_hash TEXT PRIMARY KEY,
  admin_id TEXT NOT NULL REFERENCES admins (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  last_seen_at TEXT NOT NULL,
  expires_at TEXT NOT NULL
);
CREATE INDEX admin_sessions_by_admin ON admin_sessions (admin_id);

-- WebAuthn credentials (public keys only), with the signature counter the authenticator reports.
CREATE TABLE passkeys (
  id TEXT PRIMARY KEY,
  admin_id TEXT NOT NULL REFERENCES admins (id) ON DELETE CASCADE,
  label TEXT NOT NULL,
  public_key TEXT NOT NULL,
  counter INTEGER NOT NULL DEFAULT 0,
  transports TEXT,
  created_at TEXT NOT NULL,
  last_used_at TEXT
);
CREATE INDEX passkeys_by_admin ON passkeys (admin_id);

-- One-time links that let a named person register their passkey: 24 hours, single use.
CREATE TABLE invitations (
  token_hash TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  invited_by TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  used_at TEXT
);

-- WebAuthn challenges between the options and the answer: each used once, within 5 minutes.
CREATE TABLE webauthn_challenges (
  challenge TEXT PRIMARY KEY,
  purpose TEXT NOT NULL,
  subject TEXT,
  expires_at TEXT NOT NULL
);
