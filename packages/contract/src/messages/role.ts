/** Server messages of the role area, zh-CN then en-US. */
export const roleMessages = {} satisfies Record<string, readonly [string, string]>;
