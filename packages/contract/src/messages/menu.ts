/** Server messages of the menu area, zh-CN then en-US. */
export const menuMessages = {} satisfies Record<string, readonly [string, string]>;
