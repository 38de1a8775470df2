/** Server messages of the dict area, zh-CN then en-US. */
export const dictMessages = {} satisfies Record<string, readonly [string, string]>;
