/** Schemas of the notice area (spec §3, §5, §7). */
export {};
