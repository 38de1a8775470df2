CREATE TABLE "aos_flight_track" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"drone_sn" varchar(64) NOT NULL,
	"drone_id" bigint NOT NULL,
	"dock_sn" varchar(64),
	"track_id" varchar(64) NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone NOT NULL,
	"point_count" integer NOT NULL,
	"max_elevation" double precision,
	"distance_m" double precision NOT NULL,
	"duration_s" double precision NOT NULL,
	"start_longitude" double precision NOT NULL,
	"start_latitude" double precision NOT NULL,
	"end_longitude" double precision NOT NULL,
	"end_latitude" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "aos_telemetry_sample" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"serial_number" varchar(64) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"owner_id" bigint NOT NULL,
	"gateway_sn" varchar(64),
	"at" timestamp with time zone NOT NULL,
	"device_time" timestamp with time zone,
	"longitude" double precision,
	"latitude" double precision,
	"height" double precision,
	"elevation" double precision,
	"heading" double precision,
	"horizontal_speed" double precision,
	"vertical_speed" double precision,
	"battery_percent" double precision,
	"mode_code" integer,
	"track_id" varchar(64),
	"osd" jsonb NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "aos_flight_track_uq" ON "aos_flight_track" USING btree ("tenant_id","drone_sn","track_id");--> statement-breakpoint
CREATE INDEX "aos_flight_track_tenant_idx" ON "aos_flight_track" USING btree ("tenant_id","started_at");--> statement-breakpoint
CREATE INDEX "aos_flight_track_track_idx" ON "aos_flight_track" USING btree ("tenant_id","track_id");--> statement-breakpoint
CREATE INDEX "aos_flight_track_dock_idx" ON "aos_flight_track" USING btree ("tenant_id","dock_sn","started_at");--> statement-breakpoint
CREATE INDEX "aos_flight_track_ended_idx" ON "aos_flight_track" USING btree ("ended_at");--> statement-breakpoint
CREATE INDEX "aos_telemetry_sample_device_idx" ON "aos_telemetry_sample" USING btree ("tenant_id","serial_number","at");--> statement-breakpoint
CREATE INDEX "aos_telemetry_sample_track_idx" ON "aos_telemetry_sample" USING btree ("tenant_id","track_id","at") WHERE track_id is not null;--> statement-breakpoint
CREATE INDEX "aos_telemetry_sample_tenant_at_idx" ON "aos_telemetry_sample" USING btree ("tenant_id","at");--> statement-breakpoint
CREATE INDEX "aos_telemetry_sample_at_brin" ON "aos_telemetry_sample" USING brin ("at");