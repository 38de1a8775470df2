import type { Language } from './constants.js';
import { areaMessages } from './messages/index.js';

/**
 * Messages that the server sends and the console shows: validation rules of spec §5 and the errors of §8.
 * Schemas in this package carry these keys as their messages, so each side translates them once.
 */
const coreCatalog = {
  'common.ok': ['操作成功', 'operation succeeded'],
  'common.added': ['新增成功', 'added successfully'],
  'common.updated': ['修改成功', 'updated successfully'],
  'common.deleted': ['删除成功', 'deleted successfully'],
  'common.fail': ['操作失败', 'operation failed'],
  'common.unknownError': ['未知错误', 'unknown error'],
  'common.notFound': ['数据不存在', 'the record does not exist'],
  'common.routeNotFound': ['接口不存在：{path}', 'no such API: {path}'],
  'common.methodNotAllowed': ['请求方法不支持', 'method not allowed'],
  'common.unsupportedMediaType': ['不支持的内容类型', 'unsupported media type'],
  'common.badJson': ['请求体不是有效的 JSON', 'the request body is not valid JSON'],
  'common.serverError': ['服务器异常，请联系管理员', 'server error, please contact the administrator'],
  'common.unauthorized': ['请求未授权', 'unauthorised request'],
  'common.tokenInvalid': [
    '令牌无效或已过期，请重新登录',
    'the token is invalid or expired, please sign in again',
  ],
  'common.forbidden': ['缺失功能权限，无法访问', 'you do not have permission for this action'],
  'common.tenantMismatch': [
    '请求的租户与登录租户不一致',
    'the requested tenant does not match the signed-in tenant',
  ],
  'common.tooLarge': ['请求体过大', 'the request body is too large'],
  'common.tooManyRequests': ['请求过于频繁，请稍后再试', 'too many requests, please try again later'],

  'validation.required': ['{field}不能为空', '{field} is required'],
  'validation.invalid': ['{field}格式不正确', '{field} is not valid'],
  'validation.id': ['ID 格式不正确', 'the id is not valid'],
  'validation.ids': ['请至少选择一条数据', 'please select at least one record'],
  'validation.dateTime': ['时间格式应为 yyyy-MM-dd HH:mm:ss', 'the time must be yyyy-MM-dd HH:mm:ss'],
  'validation.sortColumns': ['排序字段格式不正确', 'the sort columns are not valid'],
  'validation.blank': ['不能为空或全为空格', 'cannot be empty or all spaces'],
  'validation.textMax': ['长度不能超过 {maximum} 个字符', 'at most {maximum} characters'],
  'validation.valueEmpty': ['值不能为空', 'value cannot be empty'],
  'validation.valueMin1': ['值不能小于 1', 'value cannot be less than 1'],
  'validation.radiusEmpty': ['半径不能为空', 'radius cannot be empty'],
  'validation.radiusMin': ['半径不能小于 5', 'radius cannot be less than 5'],
  'validation.timeRequired': ['请选择开始时间和结束时间', 'please choose a start time and an end time'],
  'validation.timeOrder': ['开始时间必须早于结束时间', 'the start time must be before the end time'],
  'validation.phoneEmptyError': ['手机号不能为空', 'phone cannot be empty'],
  'validation.phoneFormatError': ['手机号格式不正确', 'the phone number is not valid'],
  'validation.phoneLength': ['手机号必须为 11 位', 'phone must be 11 digits'],
  'validation.url': ['地址必须以 http 或 https 开头', 'the address must start with http or https'],
  'validation.email': ['邮箱格式不正确', 'the email address is not valid'],
  'validation.passwordRule': [
    '密码长度为 6 到 16 位，须包含大写字母、小写字母和数字',
    'the password must be 6 to 16 characters with upper and lower case letters and digits',
  ],
  'validation.passwordMismatch': ['两次输入的密码不一致', 'The password entered twice is inconsistent'],
  'validation.loginPasswordMin': ['密码长度最少为 6 位', 'the password must be at least 6 characters'],
  'validation.md5': [
    '密码须以 MD5 摘要（32 位十六进制）传输',
    'the password must be sent as an md5 digest (32 hex digits)',
  ],
  'validation.date': ['日期格式应为 yyyy-MM-dd', 'the date must be yyyy-MM-dd'],
  'validation.sex': ['性别取值不正确', 'the sex must be 1 (male), 2 (female) or 3 (unknown)'],

  'post.codeExists': ['岗位编号已存在', 'the post code already exists'],

  'user.oldPasswordWrong': ['原密码不正确', 'the old password is not correct'],
  'user.passwordUnchanged': ['新密码不能与原密码相同', 'the new password must differ from the old one'],
  'user.passwordChanged': ['密码修改成功，请重新登录', 'password changed, please sign in again'],
  'user.avatarLink': ['头像须为本平台上传的图片', 'the avatar must be a picture uploaded to this platform'],

  'upload.missing': ['请选择要上传的文件', 'please choose a file to upload'],
  'upload.malformed': ['上传内容格式不正确', 'the upload is not a valid multipart form'],
  'upload.type': [
    '只能上传 jpg、png、gif 或 webp 图片',
    'only jpg, png, gif or webp pictures can be uploaded',
  ],
  'upload.size': ['文件大小不能超过 {limit}', 'the file cannot be larger than {limit}'],
  'upload.avatarType': ['头像只能是 jpg 或 png 图片', 'the avatar must be a jpg or png picture'],
  'upload.avatarSize': ['头像大小不能超过 {limit}', 'the avatar cannot be larger than {limit}'],

  'auth.badClient': ['客户端认证失败', 'client authentication failed'],
  'auth.unsupportedGrant': ['不支持的授权类型：{grant}', 'unsupported grant type: {grant}'],
  'auth.grantNotAllowed': [
    '该客户端不支持授权类型：{grant}',
    'this client may not use the grant type {grant}',
  ],
  'auth.missingParams': ['请输入{field}', 'please enter the {field}'],
  'auth.badCredentials': ['用户名或密码不正确', 'the user name or password is not correct'],
  'auth.captchaRequired': ['请输入验证码', 'please enter the verification code'],
  'auth.captchaInvalid': ['验证码不正确或已过期', 'the verification code is wrong or expired'],
  'auth.accountLocked': [
    '登录失败次数过多，账号已锁定，请 {minutes} 分钟后再试',
    'too many failed sign-ins: the account is locked, try again in {minutes} minutes',
  ],
  'auth.ipLocked': [
    '该地址登录失败次数过多，已被锁定，请 {minutes} 分钟后再试',
    'too many failed sign-ins from this address: it is locked, try again in {minutes} minutes',
  ],
  'auth.accountFrozen': [
    '账号已被冻结，请联系管理员',
    'the account is frozen, please contact the administrator',
  ],
  'auth.tenantNotFound': ['租户不存在', 'the tenant does not exist'],
  'auth.tenantExpired': [
    '租户授权已过期，请联系管理员',
    'the tenant licence has expired, please contact the administrator',
  ],
  'auth.tenantFrozen': [
    '租户已被冻结，请联系管理员',
    'the tenant is frozen, please contact the administrator',
  ],
  'auth.refreshInvalid': ['刷新令牌无效或已过期', 'the refresh token is invalid or expired'],
  'auth.refreshReused': [
    '刷新令牌已被使用，会话已全部注销，请重新登录',
    'the refresh token was already used: the session was revoked, please sign in again',
  ],
  'auth.socialUnavailable': ['未配置第三方登录', 'social login is not configured'],
  'auth.smsUnavailable': ['未配置短信登录', 'phone code login is not configured'],
  'auth.loggedOut': ['退出登录成功', 'signed out'],
  'auth.cacheCleared': ['缓存已清除', 'cache cleared'],
} satisfies Record<string, readonly [string, string]>;

/** The core catalog plus each area's own file under `messages/` (one file per area keeps edits apart). */
const catalog = { ...coreCatalog, ...areaMessages };

export type MessageKey = keyof typeof catalog;

export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(catalog, value);
}

/** Translate a message key; unknown keys pass through unchanged, so plain text messages still work. */
export function translate(
  language: Language,
  key: string,
  params: Record<string, string | number> = {},
): string {
  const entry = isMessageKey(key) ? catalog[key] : undefined;
  const template = entry ? entry[language === 'en-US' ? 1 : 0] : key;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    params[name] === undefined ? whole : String(params[name]),
  );
}

export function messageCatalog(language: Language): Record<MessageKey, string> {
  const index = language === 'en-US' ? 1 : 0;
  return Object.fromEntries(Object.entries(catalog).map(([key, pair]) => [key, pair[index]])) as Record<
    MessageKey,
    string
  >;
}
