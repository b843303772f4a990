-- Erase and retention leave no words of a lead in the search index's data (security review T9).
-- A contentless FTS5 index forgets a deleted row by writing a delete marker: the words stayed in
-- lead_search_data's segments until a merge happened to rewrite them, readable in a backup or a
-- dump. With secure-delete (SQLite 3.42+, kept in the index's own config), a delete removes the
-- row's words from the segments at once. Words erased before this migration go as FTS5's
-- automerge rewrites their segments.
INSERT INTO lead_search (lead_search, rank) VALUES ('secure-delete', 1);
