/** Server messages of the log area, zh-CN then en-US. */
export const logMessages = {} satisfies Record<string, readonly [string, string]>;
