-- A member looks for their fund by the city they live in (« Lyon », « Marseille »), rarely by the
-- department in its name: each fund lists the main cities it serves, searched with its name.
ALTER TABLE organisation_codes ADD COLUMN cities text NOT NULL DEFAULT '';

UPDATE organisation_codes AS o SET cities = c.cities FROM (VALUES
  ('017510000', 'Paris'),
  ('016910000', 'Lyon, Villeurbanne, Vénissieux, Villefranche-sur-Saône'),
  ('011310000', 'Marseille, Aix-en-Provence, Arles, Aubagne, Martigues'),
  ('013310000', 'Bordeaux, Mérignac, Pessac, Libourne, Arcachon'),
  ('015910000', 'Lille, Douai, Roubaix, Tourcoing, Villeneuve-d’Ascq'),
  ('014410000', 'Nantes, Saint-Nazaire, Rezé, Saint-Herblain'),
  ('016710000', 'Strasbourg, Haguenau, Schiltigheim, Saverne'),
  ('015710000', 'Metz, Thionville, Forbach, Sarreguemines'),
  ('012010000', 'Ajaccio, Porto-Vecchio, Sartène'),
  ('027510000', 'Paris, Versailles, Créteil, Nanterre, Melun, Évry, Cergy, Bobigny'),
  ('026910000', 'Lyon, Bourg-en-Bresse, Villefranche-sur-Saône'),
  ('037510000', 'Paris'),
  ('016017510', 'Paris'),
  ('017500000', 'Rubelles, Melun'),
  ('069910000', 'Périgny, La Rochelle')
) AS c(code, cities) WHERE o.code = c.code;

-- The searched text: the name and the cities, lower case, without accents (as the application folds the query).
UPDATE organisation_codes SET search = lower(translate(label || ' ' || cities,
  'ÀÂÄÇÉÈÊËÎÏÔÖÙÛÜŸàâäçéèêëîïôöùûüÿ’''',
  'AAACEEEEIIOOUUUYaaaceeeeiioouuuy  '));
