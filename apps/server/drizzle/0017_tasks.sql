CREATE TABLE "aos_task" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(100) NOT NULL,
	"type" smallint NOT NULL,
	"project_id" bigint,
	"dept_id" bigint,
	"operator_id" bigint,
	"route_id" bigint,
	"hangar_id" bigint,
	"aircraft_id" bigint,
	"payload_id" bigint,
	"data_link_id" bigint,
	"schedule" jsonb NOT NULL,
	"time_zone" varchar(64) NOT NULL,
	"task_status" smallint DEFAULT 0 NOT NULL,
	"next_time" timestamp with time zone,
	"planned_until" timestamp with time zone,
	"rth_altitude" integer DEFAULT 100 NOT NULL,
	"out_of_control_action" smallint DEFAULT 0 NOT NULL,
	"alarm_flag" smallint DEFAULT 1 NOT NULL,
	"flight_duration" double precision,
	"mileage" double precision,
	"remark" varchar(500),
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "aos_task_code_seq" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"day" date NOT NULL,
	"seq" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "aos_task_execution" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"task_id" bigint NOT NULL,
	"plan_at" timestamp with time zone NOT NULL,
	"plan_local" varchar(16) NOT NULL,
	"window_end" timestamp with time zone NOT NULL,
	"task_status" smallint DEFAULT 0 NOT NULL,
	"flight_id" varchar(64),
	"hangar_id" bigint,
	"hangar_sn" varchar(64),
	"route_id" bigint,
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"flight_duration" double precision,
	"mileage" double precision,
	"waypoint_index" integer,
	"percent" double precision,
	"media_count" integer,
	"paused" smallint DEFAULT 0 NOT NULL,
	"error_code" integer,
	"cause_key" varchar(100),
	"remedy_key" varchar(100),
	"break_point" jsonb,
	"track_id" varchar(64),
	"progress_at" timestamp with time zone,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "aos_task_notice" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"task_id" bigint NOT NULL,
	"execution_id" bigint,
	"operator_id" bigint NOT NULL,
	"content" varchar(100) NOT NULL,
	"notice_status" smallint DEFAULT 0 NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "aos_task_timeline" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"task_id" bigint NOT NULL,
	"execution_id" bigint,
	"time" timestamp with time zone DEFAULT now() NOT NULL,
	"from_status" smallint,
	"to_status" smallint,
	"kind" varchar(16) NOT NULL,
	"cause" varchar(100) NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error_code" integer,
	"remedy" varchar(100),
	"user_id" bigint,
	"user_name" varchar(100)
);
--> statement-breakpoint
ALTER TABLE "aos_dock" ADD COLUMN "time_zone" varchar(64);--> statement-breakpoint
CREATE UNIQUE INDEX "aos_task_code_uq" ON "aos_task" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "aos_task_tenant_idx" ON "aos_task" USING btree ("tenant_id","create_time") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "aos_task_hangar_idx" ON "aos_task" USING btree ("tenant_id","hangar_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "aos_task_code_seq_day_uq" ON "aos_task_code_seq" USING btree ("tenant_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "aos_task_execution_plan_uq" ON "aos_task_execution" USING btree ("task_id","plan_at");--> statement-breakpoint
CREATE INDEX "aos_task_execution_tenant_idx" ON "aos_task_execution" USING btree ("tenant_id","plan_at");--> statement-breakpoint
CREATE INDEX "aos_task_execution_status_idx" ON "aos_task_execution" USING btree ("task_status","plan_at");--> statement-breakpoint
CREATE INDEX "aos_task_execution_flight_idx" ON "aos_task_execution" USING btree ("flight_id");--> statement-breakpoint
CREATE INDEX "aos_task_notice_operator_idx" ON "aos_task_notice" USING btree ("tenant_id","operator_id","create_time") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "aos_task_timeline_task_idx" ON "aos_task_timeline" USING btree ("tenant_id","task_id","time");