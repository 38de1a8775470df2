import { describe, expect, it } from 'vitest';
import { isMessageKey, translate } from '../messages.js';
import { DEVICE_CODES, deviceCodeInfo } from './codes.js';
import { messages } from './messages.js';

const both = (key: string, params: Record<string, number>) =>
  (['zh-CN', 'en-US'] as const).map((language) => translate(language, key, params));

describe('device code catalogue', () => {
  it('gives every listed code a cause and a remedy in both languages', () => {
    expect(DEVICE_CODES.length).toBeGreaterThan(40);
    expect(new Set(DEVICE_CODES).size).toBe(DEVICE_CODES.length);
    for (const code of DEVICE_CODES) {
      const info = deviceCodeInfo(code);
      expect(info).toMatchObject({ code, known: true, params: { code } });
      for (const key of [info.causeKey, info.remedyKey]) {
        expect(isMessageKey(key), `${code}: ${key}`).toBe(true);
        const [zh, en] = both(key, info.params);
        expect(zh).not.toBe(key);
        expect(en).not.toBe(zh);
        expect(`${zh}${en}`).not.toMatch(/[{}]/);
      }
      expect(info.causeKey).not.toBe(info.remedyKey);
    }
  });

  it("names DJI's documented wayline codes and the simulator's own", () => {
    expect(deviceCodeInfo(314005)).toMatchObject({ causeKey: 'deviceCode.md5CheckFailed', source: 'dji' });
    expect(deviceCodeInfo(321004)).toMatchObject({ causeKey: 'deviceCode.fileParseFailed', source: 'dji' });
    expect(deviceCodeInfo(316014)).toMatchObject({ causeKey: 'deviceCode.windTooStrong', source: 'sim' });
    expect(translate('en-US', deviceCodeInfo(314001).causeKey)).toMatch(/URL/);
  });

  it("reads a wayline execution code as 321000 + DJI's break reason", () => {
    for (const [code, stem] of [
      [321004, 'fileParseFailed'],
      [321257, 'alreadyStarted'],
      [321518, 'rtkPoor'],
      [321773, 'lowBatteryReturn'],
      [321784, 'strongWindReturn'],
      [322282, 'userTookControl'],
      [322283, 'userReturnHome'],
      [386535, 'waylineUnknown'],
    ] as const) {
      expect(deviceCodeInfo(code)).toMatchObject({
        causeKey: `deviceCode.${stem}`,
        known: true,
        source: 'dji',
      });
    }
    // a break reason past 1000 not listed still gets the wayline family's text
    expect(deviceCodeInfo(322600)).toMatchObject({ causeKey: 'deviceCode.familyWayline', known: false });
  });

  it("gives the codes DJI's two lists read differently a text that covers both", () => {
    // 314003: "mission ID invalid" (DJI Dock 1 list), "wayline file format not supported" (the later one)
    const en = translate('en-US', deviceCodeInfo(314003).causeKey);
    expect(en).toMatch(/ID/);
    expect(en).toMatch(/format/);
  });

  it('lets no bare number reach a message', () => {
    for (const code of [...DEVICE_CODES, 314999, 319777, 321999, 322999, 514199, 123456, -1, 3.5]) {
      const info = deviceCodeInfo(code);
      for (const key of [info.causeKey, info.remedyKey]) {
        for (const text of both(key, info.params)) {
          // words around any number (a letter or a CJK character), never the code alone
          expect(text.replace(String(code), ''), `${code}: ${key}`).toMatch(/[A-Za-z\u4e00-\u9fff]{2}/);
        }
      }
      // a listed code's own text needs no number: it says what the number means
      if (info.known) for (const text of both(info.causeKey, info.params)) expect(text).not.toMatch(/\d{6}/);
    }
  });

  it('still says the number and what to do for a code it does not list', () => {
    for (const [code, family] of [
      [321999, 'deviceCode.familyWayline'],
      [322999, 'deviceCode.familyWayline'],
      [314999, 'deviceCode.familyFlightTask'],
      [319777, 'deviceCode.familyTaskCenter'],
      [514199, 'deviceCode.familyDock'],
      [123456, 'deviceCode.unknown'],
      [-1, 'deviceCode.unknown'],
      [3.5, 'deviceCode.unknown'],
    ] as const) {
      const info = deviceCodeInfo(code);
      expect(info).toMatchObject({ known: false, source: null, causeKey: family });
      expect(info.remedyKey).toBe(`${family}Remedy`);
      for (const text of both(info.causeKey, info.params)) expect(text).toContain(String(code));
      for (const text of both(info.remedyKey, info.params)) expect(text.length).toBeGreaterThan(4);
    }
  });

  it('has no message that no code uses', () => {
    const used = new Set<string>();
    for (const code of [...DEVICE_CODES, 314999, 319777, 321999, 514199, 1]) {
      const info = deviceCodeInfo(code);
      used.add(info.causeKey).add(info.remedyKey);
    }
    expect(Object.keys(messages).filter((key) => !used.has(key))).toEqual([]);
  });
});
