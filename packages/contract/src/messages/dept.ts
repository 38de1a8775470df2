/** Server messages of the dept area, zh-CN then en-US. */
export const deptMessages = {} satisfies Record<string, readonly [string, string]>;
