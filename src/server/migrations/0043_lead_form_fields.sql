-- A campaign's form (issue 63): a lead sent with a landing page's own form keeps that form's
-- answers with the field definitions it was sent with (schemas/campaign-form.ts SentForm, as
-- JSON), so the lead reads the same after the form is edited. NULL for the spec's form. Erase and
-- retention empty it with the rest of the content (leads/storage/leads.ts ERASED).
ALTER TABLE leads ADD COLUMN form_fields TEXT;
