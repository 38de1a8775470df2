import { requestData } from './http';

/**
 * Upload through the object-storage endpoint (the CRUD page's picture fields, the avatar); the answer
 * carries `data.link`.
 */
export function uploadFile(file: File, usage?: 'avatar') {
  const form = new FormData();
  form.append('file', file);
  return requestData<{ link: string; name: string; originalName: string }>({
    url: '/api/blade-resource/oss/endpoint/put-file',
    method: 'POST',
    params: { usage },
    data: form,
    timeout: 0,
  });
}
