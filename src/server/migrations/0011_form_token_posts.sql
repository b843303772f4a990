-- How many posts a form token has carried from the client that spent it: a served form is good
-- for a few sends by its own visitor (Back, then send again), not for a script's whole rate
-- limit (security review S8). Rows from before this column count as one post.
ALTER TABLE spent_form_tokens ADD COLUMN posts INTEGER NOT NULL DEFAULT 1;
