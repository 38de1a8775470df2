import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { regionRows } from './region-seed.js';

const data = JSON.parse(readFileSync(new URL('../../seed-data/china-regions.json', import.meta.url), 'utf8'));

describe('the shipped division data set', () => {
  const rows = regionRows(data);
  const byCode = new Map(rows.map((row) => [row.code, row]));

  it('keeps every province, city and county, each under the parent its code names', () => {
    expect(rows.filter((row) => row.level === 1)).toHaveLength(31);
    expect(rows.filter((row) => row.level === 2)).toHaveLength(342);
    expect(rows.filter((row) => row.level === 3)).toHaveLength(2978);
    for (const row of rows) {
      if (row.level === 1) expect(row.parentCode).toBe('00');
      else expect(byCode.get(row.parentCode)?.level).toBe(row.level - 1);
    }
  });

  it('derives ancestors and copies the names of each level down', () => {
    expect(byCode.get('1101')).toMatchObject({
      parentCode: '11',
      ancestors: '00,11',
      provinceName: '北京市',
    });
    expect(byCode.get('110101')).toMatchObject({
      name: '东城区',
      parentCode: '1101',
      ancestors: '00,11,1101',
      provinceCode: '11',
      provinceName: '北京市',
      cityCode: '1101',
      districtCode: '110101',
      districtName: '东城区',
      level: 3,
    });
  });

  it('numbers each division among its siblings', () => {
    expect(byCode.get('11')?.sort).toBe(1);
    expect(byCode.get('1101')?.sort).toBe(1);
    expect(byCode.get('110101')?.sort).toBe(1);
    expect(byCode.get('440103')?.sort).toBe(1);
    expect(byCode.get('440104')?.sort).toBe(2);
  });

  it('leaves out a row whose parent is missing rather than orphaning it', () => {
    const partial = regionRows({
      provinces: [['11', 'A']],
      cities: [['1201', 'B']],
      areas: [['110101', 'C']],
    });
    expect(partial.map((row) => row.code)).toEqual(['11']);
  });
});
