import type { Page } from '@aos/contract';

/** A page of `records` out of `total`, as the API answers pages (BladeX `IPage`). */
export function pageAnswer<T>(
  records: T[],
  total: number,
  query: { current: number; size: number },
): Page<T> {
  return { records, total, size: query.size, current: query.current, pages: Math.ceil(total / query.size) };
}
