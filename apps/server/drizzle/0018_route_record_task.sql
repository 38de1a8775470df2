CREATE TABLE "aos_route_record_task" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"name" varchar(100) NOT NULL,
	"drone_id" bigint NOT NULL,
	"drone_sn" varchar(64) NOT NULL,
	"aircraft_model_id" varchar(32) NOT NULL,
	"tolerance_m" double precision NOT NULL,
	"min_spacing_m" double precision NOT NULL,
	"record_status" varchar(10) NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"reason_key" varchar(64),
	"reason_params" jsonb,
	"point_count" integer DEFAULT 0 NOT NULL,
	"waypoint_count" integer DEFAULT 0 NOT NULL,
	"distance_m" double precision DEFAULT 0 NOT NULL,
	"duration_s" double precision DEFAULT 0 NOT NULL,
	"route_id" bigint,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "aos_route_record_task_tenant_idx" ON "aos_route_record_task" USING btree ("tenant_id","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "aos_route_record_task_recording_uq" ON "aos_route_record_task" USING btree ("tenant_id","drone_id") WHERE record_status = 'recording' and is_deleted = 0;