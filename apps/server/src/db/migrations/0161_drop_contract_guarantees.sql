-- The guarantees table of the contractual information is generated from the products' structured
-- guarantees (guarantee_product_versions) and the engine's examples: the free-text table goes.
DROP TABLE contract_guarantees;
