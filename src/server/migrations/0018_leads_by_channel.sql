-- The leads list filtered by the channel that delivered them (issue 34), newest first, from an
-- index rather than a scan of leads.
CREATE INDEX leads_by_channel ON leads (delivered_via, received_at);
