/** Schemas of the dictionary area (spec §3, §5, §7). */
export {};
