-- The studio per locale (issue 61, docs/locales.md "The studio per locale"). A document's German
-- edition is a row of content_documents of its own, named `<doc>@de`, with its own drafts,
-- revisions and history; an empty one shows the repository's German words (src/content/locales/de/),
-- so /de/ shows what it showed before this migration without a row being written.

-- Publishes of a locale edition, counted apart: they bump the content stamp too (a German page must
-- see them), and the English pages' cache key is the stamp less these, so a German publish never
-- renews a cached English page (platform/render/page-cache.ts contentStamp).
ALTER TABLE content_stamp ADD COLUMN locale_bumps INTEGER NOT NULL DEFAULT 0;

-- Each translated field's status and the English it was made from: the SHA-256 of the English
-- field's published value (JSON) and that value, so a changed English field reads "outdated" by
-- itself and the editor can show the old English beside the new. A field without a row was
-- translated in the repository, from the repository's English. Status: machine, review, done
-- (missing and outdated are read, never stored).
-- A translator (schemas/roles.ts) works in chosen locales only: their codes, comma-separated (`de`),
-- on the person and on the invitation that makes them. NULL for every other role.
ALTER TABLE admins ADD COLUMN locales TEXT;
ALTER TABLE invitations ADD COLUMN locales TEXT;

CREATE TABLE content_translations (
  doc TEXT NOT NULL,
  locale TEXT NOT NULL,
  path TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('machine', 'review', 'done')),
  source_hash TEXT NOT NULL,
  source TEXT NOT NULL,
  by TEXT NOT NULL,
  at TEXT NOT NULL,
  PRIMARY KEY (doc, locale, path)
);
