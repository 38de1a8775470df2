/** Server messages of the resource area, zh-CN then en-US. */
export const resourceMessages = {} satisfies Record<string, readonly [string, string]>;
