declare module '../common/events.js' {
  interface DomainEvents {
    /**
     * A device's or dock's MQTT credential stopped being valid (password reset, owner removed, serial number
     * changed): every instance forgets what it cached and drops the device's connection.
     */
    'fleet.credentialRevoked': { serialNumber: string };
    /** Brands of `tenantId` are about to be removed: each register answers the ids it still references. */
    'fleet.brandsRemoving': { tenantId: string; ids: string[] };
  }
  interface DomainEventReplies {
    'fleet.brandsRemoving': string[];
  }
}

export {};
