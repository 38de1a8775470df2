/** Server messages of the user area, zh-CN then en-US. */
export const userMessages = {} satisfies Record<string, readonly [string, string]>;
