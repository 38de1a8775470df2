import { defineArea, type Services } from '../../area.js';
import { notice } from '../../db/schema/index.js';
import noticeRoutes from './notice.routes.js';
import { NoticeService } from './notice.service.js';

declare module '../../area.js' {
  /** the desk area's */
  interface Services {
    notices: NoticeService;
  }
}

/** The desk (spec §7 blade-desk): notices. */
export default defineArea({
  name: 'desk',
  services: (): Pick<Services, 'notices'> => ({ notices: new NoticeService() }),
  routes: [noticeRoutes],
  tables: [notice],
  permissions: ['notice'],
});
