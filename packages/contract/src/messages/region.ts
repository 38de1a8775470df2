/** Server messages of the region area, zh-CN then en-US. */
export const regionMessages = {} satisfies Record<string, readonly [string, string]>;
