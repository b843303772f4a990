-- Leads per experiment, day and arm that count (issue 60 item 3): the leads wing's view, so which
-- leads count is said where a lead's status words live. An experiment's results read it and never
-- name a status (experiments/storage/experiments.ts results). A lead counts unless it is spam or
-- erased; one marked spam or erased after it was credited stops counting, as before. Asked for one
-- experiment, SQLite pushes the experiment into the view: its credited leads (experiment_leads'
-- key) and each lead by its id, never a scan of leads.
CREATE VIEW leads_by_arm AS
SELECT credited.experiment_id, credited.day, credited.arm, COUNT(*) AS leads
FROM experiment_leads credited JOIN leads ON leads.id = credited.lead_id
WHERE leads.status NOT IN ('spam', 'erased')
GROUP BY credited.experiment_id, credited.day, credited.arm;
