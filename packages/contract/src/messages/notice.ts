/** Server messages of the notice area, zh-CN then en-US. */
export const noticeMessages = {} satisfies Record<string, readonly [string, string]>;
