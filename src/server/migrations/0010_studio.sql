-- The studio (issue 32): editions of the site's copy and console posts, their revisions, the
-- stamp that tells every isolate a publish happened, and the media library's pictures.

-- One row per document of the studio (a part of the copy, or a post as `post:<slug>`): the
-- draft being prepared, the edition that is live, and a scheduled publish of the draft. An
-- edition is JSON: each changed field's dot path and its value (the repository's copy fills the
-- rest). A post written in the console has no repository copy: its edition is the whole post.
CREATE TABLE content_documents (
  doc TEXT PRIMARY KEY,
  draft TEXT,
  draft_version INTEGER NOT NULL DEFAULT 0,
  draft_by TEXT,
  draft_at TEXT,
  published TEXT,
  revision INTEGER,
  publish_at TEXT,
  publish_by TEXT,
  unpublished INTEGER NOT NULL DEFAULT 0
);
-- The Cron Trigger's question, "which scheduled publishes are due?", reads only scheduled rows.
CREATE INDEX content_documents_due ON content_documents (publish_at) WHERE publish_at IS NOT NULL;

-- Every publish keeps what went live, who and when: the history, and Restore.
CREATE TABLE content_revisions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  doc TEXT NOT NULL,
  edition TEXT NOT NULL,
  published_at TEXT NOT NULL,
  published_by TEXT NOT NULL,
  note TEXT
);
CREATE INDEX content_revisions_by_doc ON content_revisions (doc, id);

-- Bumped by every publish: isolates compare it (cached in memory and the Cache API) to know
-- their copy of the content, and their cached pages, are current.
CREATE TABLE content_stamp (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  stamp INTEGER NOT NULL
);
INSERT INTO content_stamp (id, stamp) VALUES (1, 0);

-- The media library: originals in R2 (MEDIA, `originals/<id>`), named by the SHA-256 of their
-- bytes, so a picture's address never changes what it shows.
CREATE TABLE media (
  id TEXT PRIMARY KEY,
  type TEXT NOT NULL,
  width INTEGER NOT NULL,
  height INTEGER NOT NULL,
  bytes INTEGER NOT NULL,
  alt TEXT NOT NULL,
  decorative INTEGER NOT NULL DEFAULT 0,
  name TEXT NOT NULL,
  uploaded_by TEXT NOT NULL,
  uploaded_at TEXT NOT NULL
);
CREATE INDEX media_by_time ON media (uploaded_at);
