-- the user page's "contains" filters (ilike '%…%') use trigram indexes; pg_trgm is a trusted extension (PostgreSQL 13+),
-- so the database's owner may create it; PGlite loads it from @electric-sql/pglite/contrib (db/client.ts)
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "blade_user_account_trgm" ON "blade_user" USING gin ("account" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "blade_user_name_trgm" ON "blade_user" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "blade_user_real_name_trgm" ON "blade_user" USING gin ("real_name" gin_trgm_ops);