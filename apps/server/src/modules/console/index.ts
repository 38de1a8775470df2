import { defineArea } from '../../area.js';
import consoleRoutes from './console.routes.js';

/** `/config.js`: the console's runtime configuration (title, modes, map, live data). */
export default defineArea({ name: 'console', routes: [consoleRoutes] });
