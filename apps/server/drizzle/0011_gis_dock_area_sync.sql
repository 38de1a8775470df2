CREATE TABLE "aos_gis_dock_area_sync" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"dock_sn" varchar(64) NOT NULL,
	"status" varchar(16) NOT NULL,
	"reason" integer DEFAULT 0 NOT NULL,
	"file_name" varchar(200),
	"checksum" varchar(64),
	"report_time" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "aos_gis_dock_area_sync_sn_idx" ON "aos_gis_dock_area_sync" USING btree ("dock_sn");