import type { FlightTrack, HistoryRouteTrack, Page } from '@aos/contract';
import { requestData } from '../../../api/http';

const BASE = '/api/cloud-biglog/state-log-message';

export interface TrackFilter {
  serialNumber?: string;
  hangarSerialNumber?: string;
  /** yyyy-MM-dd HH:mm:ss */
  startTime?: string;
  endTime?: string;
}

/** Flights newest first, those overlapping the window. */
export const trackPage = (current: number, size: number, filter: TrackFilter) =>
  requestData<Page<FlightTrack>>({ url: `${BASE}/trackPage`, params: { current, size, ...filter } });

/** The points of one flight (the drone's serial number tells apart two drones reporting the same id). */
export const flightPoints = (track: Pick<FlightTrack, 'trackId' | 'droneSn'>) =>
  requestData<HistoryRouteTrack>({
    url: `${BASE}/findHistoryRouteTrack`,
    params: { trackId: track.trackId, serialNumber: track.droneSn },
  });
