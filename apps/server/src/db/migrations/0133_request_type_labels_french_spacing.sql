-- French typography in the request types' labels the portal shows (« Réclamation : cotisations »): a
-- non-breaking space before « : ; ? ! » and « € », as in the contracts' list they mirror.
UPDATE request_types SET label = regexp_replace(label, ' ([:;?!€])', chr(160) || '\1', 'g');
