-- The bill kind `various` covers the everyday care the social security refunds first — GP and
-- specialist consultations, analyses, pharmacy, paramedical care: « Soins courants », as the
-- guarantees table calls it. « Divers » told a member their GP consultation was filed as miscellany.
UPDATE request_types SET label = 'Soins courants' WHERE type = 'bill' AND code_name = 'various';
