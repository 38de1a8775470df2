CREATE TABLE "aos_project" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"name" varchar(100) NOT NULL,
	"type" smallint NOT NULL,
	"industry_type" smallint NOT NULL,
	"dept_id" bigint,
	"leader_id" bigint,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"report_template_id" bigint,
	"center_longitude" double precision,
	"center_latitude" double precision,
	"screen_title" varchar(100),
	"attach_ids" varchar(2000) DEFAULT '' NOT NULL,
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
CREATE TABLE "aos_project_auth" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"project_id" bigint NOT NULL,
	"dept_ids" varchar(2000) DEFAULT '' NOT NULL,
	"user_ids" varchar(4000) DEFAULT '' NOT NULL,
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
CREATE TABLE "aos_project_machine" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"project_id" bigint NOT NULL,
	"kind" varchar(16) NOT NULL,
	"machine_id" bigint NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "aos_project_member" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"project_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"role" smallint DEFAULT 3 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "aos_project_tenant_idx" ON "aos_project" USING btree ("tenant_id","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "aos_project_name_uq" ON "aos_project" USING btree ("tenant_id","name") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "aos_project_auth_project_uq" ON "aos_project_auth" USING btree ("tenant_id","project_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "aos_project_machine_uq" ON "aos_project_machine" USING btree ("project_id","kind","machine_id");--> statement-breakpoint
CREATE INDEX "aos_project_machine_machine_idx" ON "aos_project_machine" USING btree ("tenant_id","machine_id");--> statement-breakpoint
CREATE UNIQUE INDEX "aos_project_member_uq" ON "aos_project_member" USING btree ("project_id","user_id");--> statement-breakpoint
CREATE INDEX "aos_project_member_user_idx" ON "aos_project_member" USING btree ("tenant_id","user_id");