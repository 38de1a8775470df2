import type { Page, PutFileResult, SmsOutbox } from '@aos/contract';
import { downloadFile } from '../../api/download';
import { requestData } from '../../api/http';

/** `oss/enable` or `sms/enable`: that configuration becomes the tenant's one enabled configuration. */
export const enableConfig = (kind: 'oss' | 'sms', id: string) =>
  requestData<unknown>({ url: `/api/blade-resource/${kind}/enable`, method: 'POST', params: { id } });

/** `sms/endpoint/send-message` through one configuration (its code). */
export const sendMessage = (code: string, phones: string, content: string) =>
  requestData<{ sent: number }>({
    url: '/api/blade-resource/sms/endpoint/send-message',
    method: 'POST',
    params: { code, phones, params: JSON.stringify({ content }) },
  });

/** The built-in provider's outbox (platform tenant only). */
export const outboxPage = (query: Record<string, unknown>) =>
  requestData<Page<SmsOutbox & { id: string }>>({
    url: '/api/blade-resource/sms/outbox/list',
    params: query,
  });

/** `oss/endpoint/upload-file`: any allowed file, recorded as an attachment. */
export function uploadAttachment(file: File) {
  const form = new FormData();
  form.append('file', file);
  return requestData<PutFileResult>({
    url: '/api/blade-resource/oss/endpoint/upload-file',
    method: 'POST',
    data: form,
    timeout: 0,
  });
}

/** Download an attachment through the server (tenant-checked). */
export const downloadAttachment = (id: string, fallback: string) =>
  downloadFile({ url: '/api/blade-resource/attach/download', params: { id } }, fallback);
