/** Server messages of the param area, zh-CN then en-US. */
export const paramMessages = {} satisfies Record<string, readonly [string, string]>;
