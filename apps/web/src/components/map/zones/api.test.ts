import type { AreaHit } from '@aos/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const requestData = vi.fn();
vi.mock('../../../api/http', () => ({ requestData: (options: unknown) => requestData(options) }));

const { AREA_PAGE_SIZE, areasInBox } = await import('./api');

const hit = (index: number) => ({ refId: String(index), name: `zone ${index}` }) as unknown as AreaHit;

describe('the areas of a map view (forbidden-fly-area/geoPage)', () => {
  beforeEach(() => requestData.mockReset());

  it('asks for the box as west,south,east,north and the kinds as a comma list', async () => {
    requestData.mockResolvedValueOnce({ records: [hit(1)], total: 1 });
    expect(await areasInBox([116.1, 39.2, 117.123456789, 40], ['nofly', 'nofly_outside'])).toEqual([hit(1)]);
    expect(requestData).toHaveBeenCalledExactlyOnceWith({
      url: '/api/cloud-task/forbidden-fly-area/geoPage',
      params: {
        current: 1,
        size: AREA_PAGE_SIZE,
        bbox: '116.100000,39.200000,117.123457,40.000000',
        kinds: 'nofly,nofly_outside',
      },
    });
  });

  it('reads further pages while there are more, up to four', async () => {
    const page = (from: number, count: number, total: number) => ({
      records: Array.from({ length: count }, (_, index) => hit(from + index)),
      total,
    });
    requestData
      .mockResolvedValueOnce(page(0, AREA_PAGE_SIZE, 700))
      .mockResolvedValueOnce(page(AREA_PAGE_SIZE, 200, 700));
    expect(await areasInBox([0, 0, 1, 1])).toHaveLength(700);
    expect(requestData).toHaveBeenCalledTimes(2);
    expect(requestData.mock.calls[1]![0].params).toMatchObject({ current: 2 });
    expect(requestData.mock.calls[0]![0].params).not.toHaveProperty('kinds');

    requestData.mockReset();
    requestData.mockImplementation(async () => page(0, AREA_PAGE_SIZE, 99_999));
    expect(await areasInBox([0, 0, 1, 1])).toHaveLength(4 * AREA_PAGE_SIZE);
    expect(requestData).toHaveBeenCalledTimes(4);
  });
});
