/** Schemas of the role area (spec §3, §5, §7). */
export {};
