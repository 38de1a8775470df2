/** Schemas of the param area (spec §3, §5, §7). */
export {};
