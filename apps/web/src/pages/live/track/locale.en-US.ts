import type zhCN from './locale.zh-CN';

export default {
  trackReplay: {
    device: 'Dock or drone',
    devicePlaceholder: 'All devices',
    docks: 'Docks',
    drones: 'Drones',
    range: 'Time range',
    search: 'Search',
    flights: 'Flights',
    total: '{{total}} flights',
    noFlights: 'No flights in this period',
    choose: 'Choose a flight on the left to see and replay its path',
    noPoints: 'This flight has no recorded positions',
    thinned: 'A long flight: {{shown}} of {{total}} points, evenly chosen, are shown',
    loading: 'Loading the path…',
    duration: 'Duration',
    distance: 'Distance',
    maxElevation: 'Highest',
    points: '{{count}} points',
    play: 'Play',
    pause: 'Pause',
    time: 'Time',
    km: '{{value}} km',
    m: '{{value}} m',
  },
} satisfies typeof zhCN;
