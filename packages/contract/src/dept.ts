/** Schemas of the dept area (spec §3, §5, §7). */
export {};
