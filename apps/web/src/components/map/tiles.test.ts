import { describe, expect, it } from 'vitest';
import { tileService } from './tiles';

describe('the configured tile service (MAP_TILE_URL in /config.js)', () => {
  it('is none when not configured', () => {
    expect(tileService(null)).toBeNull();
    expect(tileService(undefined)).toBeNull();
    expect(tileService('')).toBeNull();
  });

  it('takes an http(s) z/x/y template and names its host for the attribution', () => {
    expect(tileService('https://tiles.example.com/{z}/{x}/{y}.png')).toEqual({
      url: 'https://tiles.example.com/{z}/{x}/{y}.png',
      host: 'tiles.example.com',
    });
    expect(tileService('http://10.1.2.3:8081/gis/{z}/{x}/{-y}.png')?.host).toBe('10.1.2.3');
    expect(tileService('https://{a-c}.tile.example.org/{z}/{x}/{y}.png')?.host).toBe('tile.example.org');
  });

  it('refuses a template it could not fetch tiles with', () => {
    expect(tileService('https://tiles.example.com/{z}/{x}.png')).toBeNull();
    expect(tileService('ftp://tiles.example.com/{z}/{x}/{y}.png')).toBeNull();
    expect(tileService('javascript:alert(1)//{z}/{x}/{y}')).toBeNull();
    expect(tileService('tiles/{z}/{x}/{y}.png')).toBeNull();
  });
});
