/** Schemas of the tenant area (spec §3, §5, §7). */
export {};
