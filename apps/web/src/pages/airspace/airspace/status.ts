import type { AirspaceStatus } from '@aos/contract';

/** Each status's colour, on the tags and the map: draft grey, submitted blue, approved green, rejected red. */
export const STATUS_COLORS: Record<AirspaceStatus, string> = {
  draft: '#8c8c8c',
  submitted: '#1677ff',
  approved: '#52c41a',
  rejected: '#f5222d',
  expired: '#d48806',
};

/** antd Tag colours of the same statuses. */
export const STATUS_TAGS: Record<AirspaceStatus, string> = {
  draft: 'default',
  submitted: 'processing',
  approved: 'success',
  rejected: 'error',
  expired: 'warning',
};
