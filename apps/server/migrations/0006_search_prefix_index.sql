-- Search suggestions on the first letters (DESIGN §9: p95 ≤ 30 ms at 100,000 products): the
-- names that start with them, ranked and counted from this index alone (index-only scan),
-- instead of a trigram bitmap that rechecks and reads every matching row.
CREATE INDEX IF NOT EXISTS "produits_recherche_prefix_idx" ON "produits" ("recherche" text_pattern_ops, "id") WHERE "actif";
