/** Schemas of the log area (spec §3, §5, §7). */
export {};
