declare module '../common/events.js' {
  interface DomainEvents {
    /**
     * Areas of `tenantId` in the spatial index changed (a zone, fence, airspace or airport put or removed):
     * heard on every instance, each of which tells the tenant's docks its link holds (flight_areas_update).
     * Told inside the writer's transaction: a handler must not read the database while it runs (on PGlite it
     * would wait for that transaction for ever); it marks what to do and does it later.
     */
    'gis.areasChanged': { tenantId: string };
  }
}

export {};
