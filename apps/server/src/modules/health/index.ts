import { defineArea } from '../../area.js';
import healthRoutes from './health.routes.js';

/** `/api/health`: the database and the cache answer. */
export default defineArea({ name: 'health', routes: [healthRoutes] });
