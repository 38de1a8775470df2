/** Server messages of the tenant area, zh-CN then en-US. */
export const tenantMessages = {} satisfies Record<string, readonly [string, string]>;
