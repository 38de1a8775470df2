CREATE TABLE "aos_device_credential" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"serial_number" varchar(64) NOT NULL,
	"owner_kind" varchar(16) NOT NULL,
	"owner_id" bigint NOT NULL,
	"username" varchar(64) NOT NULL,
	"password_hash" varchar(64) NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"rotated_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "aos_equipment" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"name" varchar(100) NOT NULL,
	"serial_number" varchar(64) NOT NULL,
	"type" integer NOT NULL,
	"model_id" varchar(64),
	"manufacturer_id" bigint,
	"power" double precision,
	"takeoff_weight" double precision,
	"load" double precision,
	"flight_speed" double precision,
	"datalink_id" bigint,
	"iot_card" varchar(64),
	"fingerprint" varchar(128),
	"address" varchar(200),
	"remark" varchar(255),
	"image" varchar(500),
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "aos_equipment_payload" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"aircraft_id" bigint NOT NULL,
	"payload_id" bigint NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "aos_hangar" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"name" varchar(100) NOT NULL,
	"type" integer NOT NULL,
	"dept_id" bigint,
	"serial_number" varchar(64) NOT NULL,
	"manufacturer_id" bigint,
	"model_id" varchar(64) NOT NULL,
	"images" varchar(3200) DEFAULT '' NOT NULL,
	"stream_left_wing" varchar(500),
	"stream_right_wing" varchar(500),
	"stream_tail" varchar(500),
	"stream_inside" varchar(500),
	"stream_outside" varchar(500),
	"log_url" varchar(500),
	"alternate_longitude" double precision,
	"alternate_latitude" double precision,
	"safe_land_height" integer DEFAULT 30 NOT NULL,
	"low_battery" integer DEFAULT 30 NOT NULL,
	"ultra_low_battery" integer DEFAULT 20 NOT NULL,
	"rth_altitude" integer DEFAULT 100 NOT NULL,
	"out_of_control_action" integer DEFAULT 0 NOT NULL,
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
CREATE TABLE "aos_hangar_drone" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"hangar_id" bigint NOT NULL,
	"equipment_id" bigint NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "aos_device_credential_sn_uq" ON "aos_device_credential" USING btree ("serial_number");--> statement-breakpoint
CREATE UNIQUE INDEX "aos_device_credential_username_uq" ON "aos_device_credential" USING btree ("username");--> statement-breakpoint
CREATE UNIQUE INDEX "aos_device_credential_owner_uq" ON "aos_device_credential" USING btree ("owner_kind","owner_id");--> statement-breakpoint
CREATE INDEX "aos_equipment_tenant_idx" ON "aos_equipment" USING btree ("tenant_id","create_time");--> statement-breakpoint
CREATE INDEX "aos_equipment_datalink_idx" ON "aos_equipment" USING btree ("datalink_id");--> statement-breakpoint
CREATE INDEX "aos_equipment_manufacturer_idx" ON "aos_equipment" USING btree ("manufacturer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "aos_equipment_payload_uq" ON "aos_equipment_payload" USING btree ("aircraft_id","payload_id");--> statement-breakpoint
CREATE INDEX "aos_equipment_payload_payload_idx" ON "aos_equipment_payload" USING btree ("payload_id");--> statement-breakpoint
CREATE INDEX "aos_hangar_tenant_idx" ON "aos_hangar" USING btree ("tenant_id","create_time");--> statement-breakpoint
CREATE INDEX "aos_hangar_manufacturer_idx" ON "aos_hangar" USING btree ("manufacturer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "aos_hangar_drone_equipment_uq" ON "aos_hangar_drone" USING btree ("equipment_id");--> statement-breakpoint
CREATE INDEX "aos_hangar_drone_hangar_idx" ON "aos_hangar_drone" USING btree ("hangar_id");