import { FLOOD_STATE, RAINFALL } from '@aos/contract';
import { clamp, type Random, round } from './random.js';

/** `value` moved toward `target` at `rate` per second for `dtSec`: stable for any step length. */
export function pull(value: number, target: number, rate: number, dtSec: number): number {
  return value + (target - value) * (1 - Math.exp(-rate * Math.max(dtSec, 0)));
}

/** What a dock's sensors read: the outside weather and its cabin. */
export interface WeatherReading {
  /** m/s */
  wind_speed: number;
  /** RAINFALL: 0 none .. 3 heavy */
  rainfall: number;
  /** °C outside */
  environment_temperature: number;
  /** cabin °C */
  temperature: number;
  /** cabin % */
  humidity: number;
  /** FLOOD_STATE */
  flood_state: number;
}

export interface WeatherOptions {
  random: Random;
  /** °C around which the outside temperature drifts */
  baseTemperature?: number;
}

/**
 * Weather that drifts: a bounded random walk of wind, outside temperature and rain, and a cabin whose
 * air-conditioning pulls its temperature and humidity toward comfortable values. `heavyRain` and `flood`
 * are faults forced on demand.
 */
export class Weather {
  heavyRain = false;
  flood = false;
  /** a wind forced on demand (fault `high_wind`), m/s */
  forcedWind: number | null = null;
  private wind: number;
  private outside: number;
  private rain: number;
  private cabinTemperature: number;
  private cabinHumidity: number;
  private readonly base: number;

  constructor(private readonly options: WeatherOptions) {
    const random = options.random;
    this.base = options.baseTemperature ?? 24;
    this.wind = 1 + random() * 4;
    this.outside = this.base + (random() - 0.5) * 6;
    this.rain = random() < 0.15 ? 0.6 : 0;
    this.cabinTemperature = 22 + random() * 4;
    this.cabinHumidity = 45 + random() * 15;
  }

  /** Advance the drift by `dtSec` simulated seconds. */
  step(dtSec: number): void {
    const random = this.options.random;
    const scale = Math.sqrt(Math.max(dtSec, 0));
    this.wind = clamp(pull(this.wind, 3, 0.002, dtSec) + (random() - 0.5) * 0.6 * scale, 0, 14);
    this.outside = clamp(
      pull(this.outside, this.base, 0.001, dtSec) + (random() - 0.5) * 0.1 * scale,
      this.base - 12,
      this.base + 12,
    );
    this.rain = clamp(this.rain + (random() - 0.52) * 0.08 * scale, 0, 3.4);
    const wet = this.rainfall() > 0 ? 85 : 50;
    const cabinTarget = 22 + (this.outside - 22) * 0.15;
    this.cabinTemperature =
      pull(this.cabinTemperature, cabinTarget, 0.01, dtSec) + (random() - 0.5) * 0.05 * scale;
    this.cabinHumidity = clamp(
      pull(this.cabinHumidity, wet, 0.002, dtSec) + (random() - 0.5) * 0.2 * scale,
      20,
      95,
    );
  }

  rainfall(): number {
    if (this.heavyRain) return RAINFALL.HEAVY;
    return clamp(Math.floor(this.rain), RAINFALL.NONE, RAINFALL.HEAVY);
  }

  windSpeed(): number {
    if (this.forcedWind !== null) return this.forcedWind;
    return this.heavyRain ? Math.max(this.wind, 9) : this.wind;
  }

  reading(): WeatherReading {
    return {
      wind_speed: round(this.windSpeed(), 1),
      rainfall: this.rainfall(),
      environment_temperature: round(this.outside, 1),
      temperature: round(this.cabinTemperature, 1),
      humidity: round(this.cabinHumidity, 0),
      flood_state: this.flood ? FLOOD_STATE.FLOODED : FLOOD_STATE.DRY,
    };
  }
}
