import { describe, expect, it } from 'vitest';
import { translate } from '../messages.js';
import { FILE_LINK, PutFileQuery } from '../resource/resource.js';
import {
  NoFlyAuthorityQuery,
  PasswordChange,
  ProfileUpdate,
  UserExt,
  UserStatusQuery,
  UserSubmit,
} from './user.js';

const md5 = (char: string) => char.repeat(32);
const issues = (result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) => Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('personal center schemas', () => {
  it('keeps the profile phone optional but checks a given one (spec §5 phone)', () => {
    for (const phone of ['', null, undefined, '13812345678', '0755-1234567'])
      expect(ProfileUpdate.safeParse({ name: 'a', phone }).success, String(phone)).toBe(true);
    expect(issues(ProfileUpdate.safeParse({ name: 'a', phone: '1234' }))).toEqual({
      phone: 'validation.phoneFormatError',
    });
  });

  it('requires a name that is not all spaces, and a known e-mail, date, sex and avatar link', () => {
    expect(issues(ProfileUpdate.safeParse({ name: '  ' }))).toEqual({ name: 'validation.blank' });
    expect(
      issues(
        ProfileUpdate.safeParse({
          name: 'a',
          email: 'x@',
          birthday: '2023-02-29',
          sex: 0,
          avatar: 'http://elsewhere/a.png',
        }),
      ),
    ).toEqual({
      email: 'validation.email',
      birthday: 'validation.date',
      sex: 'validation.sex',
      avatar: 'user.avatarLink',
    });
    expect(ProfileUpdate.parse({ name: ' a ', birthday: '2024-02-29 08:00:00', email: '' })).toEqual({
      name: 'a',
      birthday: '2024-02-29',
      email: '',
    });
    expect(ProfileUpdate.parse({ name: 'a', birthday: '' }).birthday).toBeNull();
  });

  it('checks the password change: md5 values, the confirmation, a new password', () => {
    expect(
      PasswordChange.safeParse({ oldPassword: md5('a'), newPassword: md5('b'), newPassword1: md5('B') })
        .success,
    ).toBe(true);
    expect(
      issues(
        PasswordChange.safeParse({ oldPassword: 'secret', newPassword: md5('b'), newPassword1: md5('b') }),
      ),
    ).toEqual({
      oldPassword: 'validation.md5',
    });
    expect(
      issues(
        PasswordChange.safeParse({ oldPassword: md5('a'), newPassword: md5('b'), newPassword1: md5('c') }),
      ),
    ).toEqual({
      newPassword1: 'validation.passwordMismatch',
    });
    expect(
      issues(
        PasswordChange.safeParse({ oldPassword: md5('a'), newPassword: md5('A'), newPassword1: md5('a') }),
      ),
    ).toEqual({
      newPassword: 'user.passwordUnchanged',
    });
  });

  it('names every message it uses in both languages', () => {
    for (const key of [
      'validation.md5',
      'validation.date',
      'validation.sex',
      'user.oldPasswordWrong',
      'user.passwordUnchanged',
      'user.passwordChanged',
      'user.avatarLink',
      'upload.missing',
      'upload.malformed',
      'upload.type',
      'upload.size',
      'upload.avatarType',
      'upload.avatarSize',
    ]) {
      expect(translate('zh-CN', key), key).not.toBe(key);
      expect(translate('en-US', key), key).not.toBe(key);
    }
    expect(translate('en-US', 'upload.avatarSize', { limit: '500 kB' })).toBe(
      'the avatar cannot be larger than 500 kB',
    );
  });
});

describe('file links', () => {
  it('matches only the links put-file issues', () => {
    expect(FILE_LINK.test('/files/000000/20240101/912169450854137856-AbCdEfGhIjKlMnOpQrStUv.png')).toBe(true);
    // a bare snowflake (guessable) is not a link the server issues
    expect(FILE_LINK.test('/files/000000/20240101/912169450854137856.png')).toBe(false);
    for (const link of [
      '/files/../jwt-secret',
      '/files/000000/20240101/../../jwt-secret',
      '/files/000000/2024-01-01/1.png',
      '/files/000000/20240101/1.svg',
      '/files/000000/20240101/1.png/x',
      '/files/a.b/20240101/1.png',
      'files/000000/20240101/1.png',
    ])
      expect(FILE_LINK.test(link), link).toBe(false);
    expect(PutFileQuery.safeParse({ usage: 'avatar' }).success).toBe(true);
    expect(PutFileQuery.safeParse({ usage: 'other' }).success).toBe(false);
  });
});

describe('user management schemas', () => {
  const base = {
    account: 'pilot',
    name: 'Pilot',
    roleId: '11,12',
    deptId: ['21'],
    password: md5('a'),
  };

  it('takes role, dept and post ids as a comma-separated list or an array, without repeats', () => {
    const parsed = UserSubmit.parse({ ...base, roleId: '11, 12,11', postId: '' });
    expect(parsed).toMatchObject({ roleId: ['11', '12'], deptId: ['21'], postId: [], userType: 1 });
    expect(issues(UserSubmit.safeParse({ ...base, roleId: '', deptId: 'x' }))).toEqual({
      roleId: 'user.roleRequired',
      deptId: 'validation.id',
    });
  });

  it('needs a password (md5) to add, checks the confirmation, and ignores it to update', () => {
    expect(issues(UserSubmit.safeParse({ ...base, password: undefined }))).toEqual({
      password: 'user.passwordRequired',
    });
    expect(issues(UserSubmit.safeParse({ ...base, password2: md5('b') }))).toEqual({
      password2: 'validation.passwordMismatch',
    });
    expect(UserSubmit.safeParse({ ...base, id: '5', password: undefined }).success).toBe(true);
    expect(issues(UserSubmit.safeParse({ ...base, password: 'Secret12' }))).toEqual({
      password: 'validation.md5',
    });
  });

  it('checks the account, the platform settings, the freeze status and the no-fly flag', () => {
    expect(issues(UserSubmit.safeParse({ ...base, account: 'a b' }))).toEqual({
      account: 'user.accountFormat',
    });
    expect(UserExt.safeParse('{"a":1}').success).toBe(true);
    expect(UserExt.safeParse('').success).toBe(true);
    expect(UserExt.safeParse('[1]').success).toBe(false);
    expect(UserExt.safeParse('{').success).toBe(false);
    expect(UserStatusQuery.safeParse({ ids: '1,2', status: '2' }).success).toBe(true);
    expect(UserStatusQuery.safeParse({ ids: '1', status: '0' }).success).toBe(false);
    expect(NoFlyAuthorityQuery.safeParse({ userIds: '1', noFlyAuthority: '2' }).success).toBe(false);
  });

  it('names every user-management message in both languages', () => {
    for (const key of [
      'user.accountFormat',
      'user.accountExists',
      'user.roleRequired',
      'user.deptRequired',
      'user.roleMissing',
      'user.lastAdministrator',
      'user.assignAdministrator',
      'user.importType',
      'user.importColumns',
      'user.importDuplicate',
      'user.userExtJson',
    ]) {
      expect(translate('zh-CN', key), key).not.toBe(key);
      expect(translate('en-US', key), key).not.toBe(key);
    }
  });
});
