CREATE TABLE "aos_airspace" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"name" varchar(100) NOT NULL,
	"aircraft_id" bigint,
	"serial_number" varchar(64),
	"model" varchar(100),
	"registration_number" varchar(64),
	"contact_person" varchar(50),
	"phone" varchar(20),
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"applicant" varchar(50),
	"task_nature" integer,
	"ceiling" double precision,
	"remark" varchar(300),
	"uav_airport_ids" varchar(2000) DEFAULT '' NOT NULL,
	"takeoff_positions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attach_ids" varchar(2000) DEFAULT '' NOT NULL,
	"geometry" jsonb NOT NULL,
	"approval_status" varchar(16) DEFAULT 'draft' NOT NULL,
	"reason" varchar(300),
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "aos_airspace_history" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"airspace_id" bigint NOT NULL,
	"from_status" varchar(16),
	"to_status" varchar(16) NOT NULL,
	"reason" varchar(300),
	"user_id" bigint,
	"user_name" varchar(100),
	"time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "aos_civil_airport" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"name" varchar(100) NOT NULL,
	"icao_code" varchar(4) NOT NULL,
	"iata_code" varchar(3),
	"runway_start_longitude" double precision NOT NULL,
	"runway_start_latitude" double precision NOT NULL,
	"runway_end_longitude" double precision NOT NULL,
	"runway_end_latitude" double precision NOT NULL,
	"runway_width" double precision NOT NULL,
	"elevation" double precision NOT NULL,
	"height_limit" double precision NOT NULL,
	"remark" varchar(300),
	"buffer_geometry" jsonb NOT NULL,
	"height_limit_geometry" jsonb NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "aos_uav_airport" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"name" varchar(100) NOT NULL,
	"longitude" double precision NOT NULL,
	"latitude" double precision NOT NULL,
	"altitude" double precision,
	"type" integer NOT NULL,
	"remark" varchar(300),
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "aos_uav_airport_drone" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"airport_id" bigint NOT NULL,
	"device_id" bigint NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "aos_airspace_tenant_idx" ON "aos_airspace" USING btree ("tenant_id","create_time");--> statement-breakpoint
CREATE INDEX "aos_airspace_expiry_idx" ON "aos_airspace" USING btree ("end_time") WHERE approval_status = 'approved' and is_deleted = 0;--> statement-breakpoint
CREATE INDEX "aos_airspace_history_airspace_idx" ON "aos_airspace_history" USING btree ("airspace_id","time");--> statement-breakpoint
CREATE INDEX "aos_civil_airport_tenant_idx" ON "aos_civil_airport" USING btree ("tenant_id","create_time");--> statement-breakpoint
CREATE INDEX "aos_uav_airport_tenant_idx" ON "aos_uav_airport" USING btree ("tenant_id","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "aos_uav_airport_drone_device_uq" ON "aos_uav_airport_drone" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "aos_uav_airport_drone_airport_idx" ON "aos_uav_airport_drone" USING btree ("airport_id");