/** Schemas of the region area (spec §3, §5, §7). */
export {};
