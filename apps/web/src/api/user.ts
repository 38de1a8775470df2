import { md5 } from 'js-md5';
import { requestData } from './http';

export interface Profile {
  id: string;
  tenantId: string;
  account: string;
  name: string | null;
  realName: string | null;
  avatar: string | null;
  email: string | null;
  phone: string | null;
}

export const getProfile = () => requestData<Profile>({ url: '/api/blade-user/info' });

export const updateProfile = (profile: Partial<Profile>) =>
  requestData<Profile>({ url: '/api/blade-user/update-info', method: 'POST', data: profile });

/** Passwords travel as md5 hex, like the sign-in one (BladeX). */
export const updatePassword = (oldPassword: string, newPassword: string, newPassword1: string) =>
  requestData<boolean>({
    url: '/api/blade-user/update-password',
    method: 'POST',
    params: { oldPassword: md5(oldPassword), newPassword: md5(newPassword), newPassword1: md5(newPassword1) },
  });

/** Upload through the object-storage endpoint; the answer carries `data.link`. */
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
