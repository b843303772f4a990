-- Which ADMIN_PASSWORD a password admin's session was opened under: the first 8 hex digits of a
-- SHA-256 of it (too short to guess the password from, enough to tell a rotation). A session whose
-- tag is not the current password's ends on its next request (security review S3). NULL for
-- everyone else's sessions.
ALTER TABLE admin_sessions ADD COLUMN password_tag TEXT;
