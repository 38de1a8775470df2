-- One sample per device and sampling period across server instances (see aos_telemetry_sample in
-- src/db/schema/telemetry.ts). Rows written before this migration get their period from `at`; where two
-- instances had stored the same period twice, the earlier row is kept.
ALTER TABLE "aos_telemetry_sample" ADD COLUMN "period" bigint;--> statement-breakpoint
UPDATE "aos_telemetry_sample" SET "period" = floor(extract(epoch from "at") * 1000 / CASE WHEN "kind" = 'hangar' THEN 10000 ELSE 1000 END)::bigint;--> statement-breakpoint
DELETE FROM "aos_telemetry_sample" s USING "aos_telemetry_sample" d WHERE s."tenant_id" = d."tenant_id" AND s."serial_number" = d."serial_number" AND s."period" = d."period" AND (s."at", s."id") > (d."at", d."id");--> statement-breakpoint
ALTER TABLE "aos_telemetry_sample" ALTER COLUMN "period" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "aos_telemetry_sample_period_uq" ON "aos_telemetry_sample" USING btree ("tenant_id","serial_number","period");
