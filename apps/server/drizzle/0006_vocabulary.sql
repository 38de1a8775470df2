-- One code name per concept (docs/glossary.md): hangar → dock, equipment → device, manufacturer → brand.
-- Renames only: every row and every column a record of the API shows stays as it is.
ALTER TABLE "aos_equipment" RENAME TO "aos_device";--> statement-breakpoint
ALTER TABLE "aos_equipment_payload" RENAME TO "aos_device_payload";--> statement-breakpoint
ALTER TABLE "aos_hangar" RENAME TO "aos_dock";--> statement-breakpoint
ALTER TABLE "aos_hangar_drone" RENAME TO "aos_dock_drone";--> statement-breakpoint
ALTER TABLE "aos_manufacturer" RENAME TO "aos_brand";--> statement-breakpoint
ALTER TABLE "aos_device" RENAME CONSTRAINT "aos_equipment_pkey" TO "aos_device_pkey";--> statement-breakpoint
ALTER TABLE "aos_device_payload" RENAME CONSTRAINT "aos_equipment_payload_pkey" TO "aos_device_payload_pkey";--> statement-breakpoint
ALTER TABLE "aos_dock" RENAME CONSTRAINT "aos_hangar_pkey" TO "aos_dock_pkey";--> statement-breakpoint
ALTER TABLE "aos_dock_drone" RENAME CONSTRAINT "aos_hangar_drone_pkey" TO "aos_dock_drone_pkey";--> statement-breakpoint
ALTER TABLE "aos_brand" RENAME CONSTRAINT "aos_manufacturer_pkey" TO "aos_brand_pkey";--> statement-breakpoint
ALTER TABLE "aos_dock_drone" RENAME COLUMN "hangar_id" TO "dock_id";--> statement-breakpoint
ALTER TABLE "aos_dock_drone" RENAME COLUMN "equipment_id" TO "device_id";--> statement-breakpoint
ALTER INDEX "aos_manufacturer_code_uq" RENAME TO "aos_brand_code_uq";--> statement-breakpoint
ALTER INDEX "aos_equipment_tenant_idx" RENAME TO "aos_device_tenant_idx";--> statement-breakpoint
ALTER INDEX "aos_equipment_datalink_idx" RENAME TO "aos_device_datalink_idx";--> statement-breakpoint
ALTER INDEX "aos_equipment_manufacturer_idx" RENAME TO "aos_device_manufacturer_idx";--> statement-breakpoint
ALTER INDEX "aos_equipment_payload_uq" RENAME TO "aos_device_payload_uq";--> statement-breakpoint
ALTER INDEX "aos_equipment_payload_payload_idx" RENAME TO "aos_device_payload_payload_idx";--> statement-breakpoint
ALTER INDEX "aos_hangar_tenant_idx" RENAME TO "aos_dock_tenant_idx";--> statement-breakpoint
ALTER INDEX "aos_hangar_manufacturer_idx" RENAME TO "aos_dock_manufacturer_idx";--> statement-breakpoint
ALTER INDEX "aos_hangar_drone_equipment_uq" RENAME TO "aos_dock_drone_device_uq";--> statement-breakpoint
ALTER INDEX "aos_hangar_drone_hangar_idx" RENAME TO "aos_dock_drone_dock_idx";--> statement-breakpoint
UPDATE "aos_device_credential" SET "owner_kind" = CASE "owner_kind" WHEN 'equipment' THEN 'device' WHEN 'hangar' THEN 'dock' ELSE "owner_kind" END;--> statement-breakpoint
UPDATE "aos_telemetry_sample" SET "kind" = CASE "kind" WHEN 'equipment' THEN 'device' WHEN 'hangar' THEN 'dock' ELSE "kind" END;
