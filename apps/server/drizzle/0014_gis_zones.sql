CREATE TABLE "aos_fence" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"name" varchar(100) NOT NULL,
	"geometry" jsonb NOT NULL,
	"shape" varchar(8) NOT NULL,
	"center" jsonb NOT NULL,
	"radius" double precision,
	"area_m2" double precision NOT NULL,
	"floor" double precision,
	"ceiling" double precision,
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone,
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
CREATE TABLE "aos_fly_zone" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"name" varchar(100) NOT NULL,
	"geometry" jsonb NOT NULL,
	"shape" varchar(8) NOT NULL,
	"center" jsonb NOT NULL,
	"radius" double precision,
	"area_m2" double precision NOT NULL,
	"floor" double precision,
	"ceiling" double precision,
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone,
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
CREATE TABLE "aos_nofly_zone" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"name" varchar(100) NOT NULL,
	"geometry" jsonb NOT NULL,
	"shape" varchar(8) NOT NULL,
	"center" jsonb NOT NULL,
	"radius" double precision,
	"area_m2" double precision NOT NULL,
	"floor" double precision,
	"ceiling" double precision,
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"remark" varchar(300),
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"type" integer NOT NULL,
	"provinces" varchar(500),
	"painter" varchar(100),
	"side" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "aos_fence_name_uq" ON "aos_fence" USING btree ("tenant_id","name") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "aos_fence_tenant_idx" ON "aos_fence" USING btree ("tenant_id","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "aos_fly_zone_name_uq" ON "aos_fly_zone" USING btree ("tenant_id","name") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "aos_fly_zone_tenant_idx" ON "aos_fly_zone" USING btree ("tenant_id","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "aos_nofly_zone_name_uq" ON "aos_nofly_zone" USING btree ("tenant_id","name") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "aos_nofly_zone_tenant_idx" ON "aos_nofly_zone" USING btree ("tenant_id","create_time");