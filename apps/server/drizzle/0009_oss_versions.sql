CREATE TABLE "blade_oss_version" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"oss_id" bigint NOT NULL,
	"endpoint" varchar(255) NOT NULL,
	"bucket_name" varchar(64) NOT NULL,
	"region" varchar(64),
	"access_key" varchar(255) NOT NULL,
	"secret_key" varchar(255) NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blade_attach" ADD COLUMN "oss_version_id" bigint;--> statement-breakpoint
ALTER TABLE "blade_oss" ADD COLUMN "version_id" bigint;--> statement-breakpoint
CREATE INDEX "blade_oss_version_oss_idx" ON "blade_oss_version" USING btree ("oss_id");--> statement-breakpoint
-- Every S3-compatible configuration's present location becomes its first version, under the configuration's
-- own id (a table of its own, so no clash), removed configurations included: their files are still served.
INSERT INTO "blade_oss_version" ("id", "tenant_id", "oss_id", "endpoint", "bucket_name", "region", "access_key", "secret_key", "create_time")
SELECT "id", "tenant_id", "id", "endpoint", "bucket_name", "region", "access_key", "secret_key", "update_time"
FROM "blade_oss"
WHERE "category" <> 0 AND "endpoint" IS NOT NULL AND "bucket_name" IS NOT NULL AND "access_key" IS NOT NULL AND "secret_key" IS NOT NULL;--> statement-breakpoint
UPDATE "blade_oss" SET "version_id" = "id" WHERE "id" IN (SELECT "id" FROM "blade_oss_version");--> statement-breakpoint
UPDATE "blade_attach" SET "oss_version_id" = "oss_id" WHERE "oss_id" IN (SELECT "id" FROM "blade_oss_version");
