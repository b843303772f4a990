-- Who spent a form token: the SHA-256 of the client's address (its IPv4, or IPv6 /64) with the
-- token, never the address. The same client posting the same form again (Back and send once
-- more, or a copy of the page its browser kept) is a lead; only another client is "form token
-- replayed". Rows from before this column have none, and count as another client's.
ALTER TABLE spent_form_tokens ADD COLUMN client TEXT;
