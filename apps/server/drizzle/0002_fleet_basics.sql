CREATE TABLE "aos_base_station" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"name" varchar(100) NOT NULL,
	"type" integer NOT NULL,
	"address" varchar(200),
	"station_ip" varchar(64) NOT NULL,
	"adhoc_ip" varchar(64),
	"lan_ip" varchar(64),
	"port" integer NOT NULL,
	"longitude" double precision NOT NULL,
	"latitude" double precision NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "aos_fly_operator" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"user_id" bigint NOT NULL,
	"name" varchar(50) NOT NULL,
	"phone" varchar(45) NOT NULL,
	"licence_number" varchar(64) NOT NULL,
	"licence_expiry" date NOT NULL,
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
CREATE TABLE "aos_manufacturer" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"name" varchar(100) NOT NULL,
	"code" varchar(64) NOT NULL,
	"type" integer NOT NULL,
	"address" varchar(200),
	"phone" varchar(45),
	"entity_signs" varchar(255) DEFAULT '' NOT NULL,
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
CREATE TABLE "aos_supplier_config" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"name" varchar(100) NOT NULL,
	"code" varchar(64) NOT NULL,
	"base_url" varchar(255) NOT NULL,
	"app_key" varchar(255) NOT NULL,
	"app_secret" varchar(255) NOT NULL,
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
CREATE INDEX "aos_base_station_tenant_idx" ON "aos_base_station" USING btree ("tenant_id","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "aos_fly_operator_user_uq" ON "aos_fly_operator" USING btree ("tenant_id","user_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "aos_fly_operator_licence_uq" ON "aos_fly_operator" USING btree ("tenant_id","licence_number") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "aos_manufacturer_code_uq" ON "aos_manufacturer" USING btree ("tenant_id","code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "aos_supplier_config_code_uq" ON "aos_supplier_config" USING btree ("tenant_id","code") WHERE is_deleted = 0;