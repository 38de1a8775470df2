/** Schemas of the crud area (spec §3, §5, §7). */
export {};
