ALTER TABLE "aos_task_execution" ADD COLUMN "takeoff_longitude" double precision;--> statement-breakpoint
ALTER TABLE "aos_task_execution" ADD COLUMN "takeoff_latitude" double precision;--> statement-breakpoint
ALTER TABLE "aos_task_execution" ADD COLUMN "wayline_starts" jsonb;--> statement-breakpoint
CREATE INDEX "aos_task_execution_start_idx" ON "aos_task_execution" USING btree ("start_time");