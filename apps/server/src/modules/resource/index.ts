import { defineArea, type Services } from '../../area.js';
import { attach, oss, ossVersion, sms, smsOutbox } from '../../db/schema/index.js';
import type { Platform } from '../../platform.js';
import { AttachService } from './attach.service.js';
import { FileService } from './file.service.js';
import { OssService } from './oss.service.js';
import resourceRoutes from './resource.routes.js';
import { SmsService } from './sms.service.js';

function buildServices(
  { cache, storage }: Platform,
  { logs }: Services,
): Pick<Services, 'files' | 'oss' | 'sms' | 'attaches'> {
  const files = new FileService(storage);
  return {
    files,
    oss: new OssService(logs, storage.guard),
    sms: new SmsService(cache, logs),
    attaches: new AttachService(files, logs),
  };
}

declare module '../../area.js' {
  /** the resource area's */
  interface Services {
    /** uploads and the `/files/...` links, in the tenant's enabled object store */
    files: FileService;
    oss: OssService;
    sms: SmsService;
    attaches: AttachService;
  }
}

/** Resources (spec §7 blade-resource): object storage, SMS, attachments and uploaded files. */
export default defineArea({
  name: 'resource',
  needs: ['log'],
  services: buildServices,
  routes: [resourceRoutes],
  tables: [oss, ossVersion, sms, smsOutbox, attach],
  permissions: ['oss', 'sms', 'attach'],
});
