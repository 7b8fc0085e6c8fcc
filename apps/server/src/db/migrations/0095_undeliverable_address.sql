-- La Poste returned mail sent to this postal address as undeliverable (« NPAI », n'habite pas à l'adresse
-- indiquée): set by the insurer's back office, cleared when the member changes the address. While set,
-- the insurer checks the address before posting anything (insured.verifySentByPostOffice), home asks the
-- member for a valid address and the paper card is not resent.
ALTER TABLE addresses ADD COLUMN undeliverable_since timestamptz;
