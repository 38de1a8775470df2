CREATE TABLE "aos_inspection_object" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"name" varchar(100) NOT NULL,
	"type" smallint NOT NULL,
	"code" varchar(64),
	"geometry" jsonb NOT NULL,
	"remark" varchar(255),
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "aos_map_dir" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"parent_id" bigint DEFAULT '0' NOT NULL,
	"name" varchar(100) NOT NULL,
	"sort" integer DEFAULT 1 NOT NULL,
	"visible" smallint DEFAULT 1 NOT NULL,
	"remark" varchar(255),
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "aos_map_mark" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"dir_id" bigint NOT NULL,
	"kind" varchar(8) NOT NULL,
	"name" varchar(100) NOT NULL,
	"icon" varchar(200),
	"color" varchar(9),
	"clamp_to_ground" boolean DEFAULT false NOT NULL,
	"remark" varchar(255),
	"geometry" jsonb NOT NULL,
	"west" double precision NOT NULL,
	"south" double precision NOT NULL,
	"east" double precision NOT NULL,
	"north" double precision NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "aos_oil_feature" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"layer" varchar(32) NOT NULL,
	"name" varchar(100) NOT NULL,
	"code" varchar(64),
	"geometry" jsonb NOT NULL,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"remark" varchar(255),
	"west" double precision NOT NULL,
	"south" double precision NOT NULL,
	"east" double precision NOT NULL,
	"north" double precision NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "aos_oil_layer_setting" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"layer" varchar(32) NOT NULL,
	"color" varchar(9) NOT NULL,
	"line_width" double precision NOT NULL,
	"icon" varchar(200),
	"label_field" varchar(64) NOT NULL,
	"min_zoom" smallint NOT NULL,
	"visible" smallint NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "aos_inspection_object_tenant_idx" ON "aos_inspection_object" USING btree ("tenant_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "aos_map_dir_parent_idx" ON "aos_map_dir" USING btree ("tenant_id","parent_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "aos_map_mark_dir_idx" ON "aos_map_mark" USING btree ("tenant_id","dir_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "aos_oil_feature_layer_idx" ON "aos_oil_feature" USING btree ("tenant_id","layer") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "aos_oil_layer_setting_uq" ON "aos_oil_layer_setting" USING btree ("tenant_id","layer") WHERE is_deleted = 0;