CREATE TABLE "aos_gis_area" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"kind" varchar(24) NOT NULL,
	"ref_id" bigint NOT NULL,
	"name" varchar(200) NOT NULL,
	"geometry" jsonb NOT NULL,
	"west" double precision NOT NULL,
	"south" double precision NOT NULL,
	"east" double precision NOT NULL,
	"north" double precision NOT NULL,
	"floor" double precision,
	"ceiling" double precision,
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "aos_gis_area_ref_idx" ON "aos_gis_area" USING btree ("tenant_id","kind","ref_id");--> statement-breakpoint
CREATE INDEX "aos_gis_area_box_idx" ON "aos_gis_area" USING gist (box(point("west", "south"), point("east", "north")));