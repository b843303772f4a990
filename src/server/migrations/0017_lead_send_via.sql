-- The channel sales chose with Send again (issue 34): 'emailjs' or 'sales-email' for that lead's
-- next deliveries; NULL lets the failover rules decide.
ALTER TABLE leads ADD COLUMN send_via TEXT;
