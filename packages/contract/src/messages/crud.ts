/** Server messages of the crud area, zh-CN then en-US. */
export const crudMessages = {} satisfies Record<string, readonly [string, string]>;
