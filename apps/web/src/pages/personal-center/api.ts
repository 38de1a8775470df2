import { md5 } from 'js-md5';
import { requestData } from '../../api/http';

// The personal centre's calls (spec §7 blade-user): the signed-in user's profile and password.

/** The signed-in user's own record, as the profile form edits it. */
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
