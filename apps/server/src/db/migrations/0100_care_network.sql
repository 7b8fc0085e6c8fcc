-- Services (care network, the `services` route, gated by MY_SERVICES).
--
-- communes: reference data, the point a search measures distances from. One row per commune and
-- postal code (INSEE code, official name, centre coordinates in WGS84 degrees, population to choose
-- between homonyms). search_key: lower case, no accents, « saint » as « st », written by the same
-- rule as communeSearchKey (contracts care-network.ts). This migration loads the main communes; the
-- full national list loads into the same table.
CREATE TABLE communes (
  insee_code text NOT NULL,
  name text NOT NULL,
  postal_code text NOT NULL,
  search_key text NOT NULL,
  latitude double precision NOT NULL,
  longitude double precision NOT NULL,
  population integer NOT NULL DEFAULT 0,
  PRIMARY KEY (insee_code, postal_code)
);
CREATE INDEX communes_postal_code_idx ON communes (postal_code);
-- Exact and prefix lookups of a town name (text_pattern_ops: LIKE 'lyo%').
CREATE INDEX communes_search_key_idx ON communes (search_key text_pattern_ops);

-- The tenant's care networks (global details insured.healthCareNetworks).
CREATE TABLE care_networks (
  tenant_id text NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  id text NOT NULL,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  url text,
  specialties text[] NOT NULL DEFAULT '{}',
  position smallint NOT NULL,
  PRIMARY KEY (tenant_id, id)
);

-- The directory of partner professionals and establishments of those networks.
CREATE TABLE care_providers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id text NOT NULL,
  network_id text NOT NULL,
  name text NOT NULL,
  specialty text NOT NULL,
  address text NOT NULL,
  postal_code text NOT NULL,
  town text NOT NULL,
  phone text,
  latitude double precision NOT NULL,
  longitude double precision NOT NULL,
  FOREIGN KEY (tenant_id, network_id) REFERENCES care_networks(tenant_id, id) ON DELETE CASCADE
);
-- GET /api/care-network/search: one specialty of one tenant inside a latitude band, then longitude
-- (the bounding box of a radius around the commune); the distance orders what is left.
CREATE INDEX care_providers_nearby_idx ON care_providers (tenant_id, specialty, latitude, longitude);

INSERT INTO communes (insee_code, name, postal_code, search_key, latitude, longitude, population) VALUES
  ('75056', 'Paris', '75001', 'paris', 48.8626, 2.3363, 2133111),
  ('75056', 'Paris', '75011', 'paris', 48.859, 2.38, 2133111),
  ('75056', 'Paris', '75015', 'paris', 48.8421, 2.2927, 2133111),
  ('13055', 'Marseille', '13001', 'marseille', 43.2999, 5.3841, 873076),
  ('69123', 'Lyon', '69001', 'lyon', 45.7676, 4.8344, 522250),
  ('69123', 'Lyon', '69002', 'lyon', 45.7485, 4.8271, 522250),
  ('69123', 'Lyon', '69003', 'lyon', 45.7597, 4.8518, 522250),
  ('69123', 'Lyon', '69007', 'lyon', 45.7334, 4.8398, 522250),
  ('31555', 'Toulouse', '31000', 'toulouse', 43.6045, 1.444, 504078),
  ('06088', 'Nice', '06000', 'nice', 43.7009, 7.2683, 348085),
  ('44109', 'Nantes', '44000', 'nantes', 47.2181, -1.5528, 323204),
  ('34172', 'Montpellier', '34000', 'montpellier', 43.6109, 3.8772, 302454),
  ('67482', 'Strasbourg', '67000', 'strasbourg', 48.5734, 7.7521, 291313),
  ('33063', 'Bordeaux', '33000', 'bordeaux', 44.8378, -0.5792, 261804),
  ('59350', 'Lille', '59000', 'lille', 50.6292, 3.0573, 236710),
  ('35238', 'Rennes', '35000', 'rennes', 48.1173, -1.6778, 222485),
  ('51454', 'Reims', '51100', 'reims', 49.2583, 4.0317, 180318),
  ('83137', 'Toulon', '83000', 'toulon', 43.1242, 5.928, 180452),
  ('42218', 'Saint-Étienne', '42000', 'st etienne', 45.4397, 4.3872, 173089),
  ('76351', 'Le Havre', '76600', 'le havre', 49.4944, 0.1079, 166058),
  ('38185', 'Grenoble', '38000', 'grenoble', 45.1885, 5.7245, 156389),
  ('21231', 'Dijon', '21000', 'dijon', 47.322, 5.0415, 159346),
  ('49007', 'Angers', '49000', 'angers', 47.4784, -0.5632, 155850),
  ('30189', 'Nîmes', '30000', 'nimes', 43.8367, 4.3601, 148561),
  ('69266', 'Villeurbanne', '69100', 'villeurbanne', 45.7719, 4.8902, 156928),
  ('63113', 'Clermont-Ferrand', '63000', 'clermont ferrand', 45.7772, 3.087, 147284),
  ('72181', 'Le Mans', '72000', 'le mans', 48.0061, 0.1996, 145004),
  ('13001', 'Aix-en-Provence', '13090', 'aix en provence', 43.5297, 5.4474, 147478),
  ('29019', 'Brest', '29200', 'brest', 48.3904, -4.4861, 139619),
  ('37261', 'Tours', '37000', 'tours', 47.3941, 0.6848, 136463),
  ('80021', 'Amiens', '80000', 'amiens', 49.8941, 2.2958, 133625),
  ('87085', 'Limoges', '87000', 'limoges', 45.8336, 1.2611, 129754),
  ('74010', 'Annecy', '74000', 'annecy', 45.8992, 6.1294, 131272),
  ('66136', 'Perpignan', '66000', 'perpignan', 42.6887, 2.8948, 119656),
  ('57463', 'Metz', '57000', 'metz', 49.1193, 6.1757, 118489),
  ('25056', 'Besançon', '25000', 'besancon', 47.2378, 6.0241, 119198),
  ('45234', 'Orléans', '45000', 'orleans', 47.903, 1.9093, 116238),
  ('76540', 'Rouen', '76000', 'rouen', 49.4432, 1.0999, 114083),
  ('68224', 'Mulhouse', '68100', 'mulhouse', 47.7508, 7.3359, 105660),
  ('14118', 'Caen', '14000', 'caen', 49.1829, -0.3707, 108200),
  ('54395', 'Nancy', '54000', 'nancy', 48.6921, 6.1844, 104403),
  ('93066', 'Saint-Denis', '93200', 'st denis', 48.9362, 2.3574, 113942),
  ('93048', 'Montreuil', '93100', 'montreuil', 48.8638, 2.4485, 111367),
  ('92012', 'Boulogne-Billancourt', '92100', 'boulogne billancourt', 48.8397, 2.2399, 121334),
  ('78646', 'Versailles', '78000', 'versailles', 48.8049, 2.1204, 83918),
  ('92050', 'Nanterre', '92000', 'nanterre', 48.8924, 2.2071, 96277),
  ('94028', 'Créteil', '94000', 'creteil', 48.7904, 2.4556, 92265),
  ('84007', 'Avignon', '84000', 'avignon', 43.9493, 4.8055, 91143),
  ('64445', 'Pau', '64000', 'pau', 43.2951, -0.3708, 75665),
  ('17300', 'La Rochelle', '17000', 'la rochelle', 46.1603, -1.1511, 77205),
  ('86194', 'Poitiers', '86000', 'poitiers', 46.5802, 0.3404, 89212),
  ('69259', 'Vénissieux', '69200', 'venissieux', 45.6975, 4.8867, 67129),
  ('69029', 'Bron', '69500', 'bron', 45.7386, 4.9131, 42828),
  ('69256', 'Vaulx-en-Velin', '69120', 'vaulx en velin', 45.7786, 4.92, 51768),
  ('69034', 'Caluire-et-Cuire', '69300', 'caluire et cuire', 45.7953, 4.8466, 43347),
  ('69290', 'Saint-Priest', '69800', 'st priest', 45.6964, 4.9439, 48314),
  ('69264', 'Villefranche-sur-Saône', '69400', 'villefranche sur saone', 45.9899, 4.7189, 36936),
  ('2A004', 'Ajaccio', '20000', 'ajaccio', 41.9192, 8.7386, 73590),
  ('2B033', 'Bastia', '20200', 'bastia', 42.697, 9.4503, 48503);
