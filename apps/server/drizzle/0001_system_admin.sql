CREATE TABLE "blade_notice" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"title" varchar(255) NOT NULL,
	"category" integer NOT NULL,
	"release_time" timestamp with time zone NOT NULL,
	"content" text NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_log_api" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"service_id" varchar(64),
	"server_host" varchar(255),
	"server_ip" varchar(255),
	"env" varchar(32),
	"method" varchar(10),
	"request_uri" varchar(1000),
	"user_agent" varchar(1000),
	"remote_ip" varchar(64),
	"params" text,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"type" smallint DEFAULT 1 NOT NULL,
	"title" varchar(255),
	"time" integer DEFAULT 0 NOT NULL,
	"status" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_log_error" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"service_id" varchar(64),
	"server_host" varchar(255),
	"server_ip" varchar(255),
	"env" varchar(32),
	"method" varchar(10),
	"request_uri" varchar(1000),
	"user_agent" varchar(1000),
	"remote_ip" varchar(64),
	"params" text,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"stack_trace" text,
	"exception_name" varchar(255),
	"message" text,
	"line_number" integer,
	"file_name" varchar(1000)
);
--> statement-breakpoint
CREATE TABLE "blade_log_usual" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"service_id" varchar(64),
	"server_host" varchar(255),
	"server_ip" varchar(255),
	"env" varchar(32),
	"method" varchar(10),
	"request_uri" varchar(1000),
	"user_agent" varchar(1000),
	"remote_ip" varchar(64),
	"params" text,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"log_level" varchar(10) NOT NULL,
	"log_id" varchar(100) NOT NULL,
	"log_data" text
);
--> statement-breakpoint
CREATE TABLE "blade_attach" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"link" varchar(1000) NOT NULL,
	"domain_url" varchar(500),
	"name" varchar(500) NOT NULL,
	"original_name" varchar(255) NOT NULL,
	"extension" varchar(10) NOT NULL,
	"attach_size" bigint NOT NULL,
	"oss_id" bigint,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_oss" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"category" integer NOT NULL,
	"oss_code" varchar(64) NOT NULL,
	"endpoint" varchar(255),
	"access_key" varchar(255),
	"secret_key" varchar(255),
	"bucket_name" varchar(64),
	"app_id" varchar(255),
	"region" varchar(64),
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
CREATE TABLE "blade_sms" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"category" integer NOT NULL,
	"sms_code" varchar(64) NOT NULL,
	"template_id" varchar(64),
	"access_key" varchar(255),
	"secret_key" varchar(255),
	"region_id" varchar(64),
	"sign_name" varchar(64),
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
CREATE TABLE "blade_sms_outbox" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"sms_id" bigint,
	"sms_code" varchar(64),
	"phone" varchar(20) NOT NULL,
	"template_id" varchar(64),
	"params" text,
	"content" text NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_region" (
	"code" varchar(12) PRIMARY KEY NOT NULL,
	"parent_code" varchar(12) NOT NULL,
	"ancestors" varchar(255) NOT NULL,
	"name" varchar(64) NOT NULL,
	"province_code" varchar(12),
	"province_name" varchar(64),
	"city_code" varchar(12),
	"city_name" varchar(64),
	"district_code" varchar(12),
	"district_name" varchar(64),
	"town_code" varchar(12),
	"town_name" varchar(64),
	"village_code" varchar(12),
	"village_name" varchar(64),
	"level" smallint NOT NULL,
	"sort" integer DEFAULT 1 NOT NULL,
	"remark" varchar(255),
	"create_user" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_login_log" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"user_id" bigint,
	"account" varchar(45) NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"user_agent" varchar(500) DEFAULT '' NOT NULL,
	"result" smallint NOT NULL,
	"message" varchar(100) DEFAULT '' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blade_dept" ADD COLUMN "manager_id" bigint;--> statement-breakpoint
ALTER TABLE "blade_user" ADD COLUMN "education" varchar(45);--> statement-breakpoint
ALTER TABLE "blade_user" ADD COLUMN "no_fly_authority" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "blade_user" ADD COLUMN "user_ext" varchar(2000) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "blade_user" ADD COLUMN "cancel_time" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "blade_notice_tenant_idx" ON "blade_notice" USING btree ("tenant_id","release_time");--> statement-breakpoint
CREATE INDEX "blade_log_api_tenant_time_idx" ON "blade_log_api" USING btree ("tenant_id","create_time");--> statement-breakpoint
CREATE INDEX "blade_log_api_time_idx" ON "blade_log_api" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "blade_log_error_tenant_time_idx" ON "blade_log_error" USING btree ("tenant_id","create_time");--> statement-breakpoint
CREATE INDEX "blade_log_usual_tenant_time_idx" ON "blade_log_usual" USING btree ("tenant_id","create_time");--> statement-breakpoint
CREATE INDEX "blade_attach_tenant_idx" ON "blade_attach" USING btree ("tenant_id","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "blade_attach_name_uq" ON "blade_attach" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "blade_oss_code_uq" ON "blade_oss" USING btree ("tenant_id","oss_code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "blade_oss_enabled_uq" ON "blade_oss" USING btree ("tenant_id") WHERE is_deleted = 0 and status = 2;--> statement-breakpoint
CREATE UNIQUE INDEX "blade_sms_code_uq" ON "blade_sms" USING btree ("tenant_id","sms_code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "blade_sms_enabled_uq" ON "blade_sms" USING btree ("tenant_id") WHERE is_deleted = 0 and status = 2;--> statement-breakpoint
CREATE INDEX "blade_sms_outbox_time_idx" ON "blade_sms_outbox" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "blade_sms_outbox_phone_idx" ON "blade_sms_outbox" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "blade_region_parent_idx" ON "blade_region" USING btree ("parent_code","sort");--> statement-breakpoint
CREATE INDEX "blade_login_log_tenant_time_idx" ON "blade_login_log" USING btree ("tenant_id","create_time");--> statement-breakpoint
CREATE INDEX "blade_login_log_user_idx" ON "blade_login_log" USING btree ("user_id","create_time");--> statement-breakpoint
CREATE INDEX "blade_user_tenant_time_idx" ON "blade_user" USING btree ("tenant_id","create_time");--> statement-breakpoint
CREATE INDEX "blade_user_dept_gin" ON "blade_user" USING gin (string_to_array("dept_id", ','));