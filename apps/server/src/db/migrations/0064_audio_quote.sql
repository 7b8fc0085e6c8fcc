-- Hearing-aid quotes get their own request kind (the spec's quotation kinds stop at other_quote, so an
-- audio quote was filed as « Autre devis »): quotation / audio_quote, code 35 (contracts
-- DEFAULT_REQUEST_TYPE_CODES).
INSERT INTO request_types (type_code, type, code_name, label) VALUES (35, 'quotation', 'audio_quote', 'Devis audioprothèse');
