/** Messages of sign-in and sessions, zh-CN then en-US. */
export const messages = {
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
  'auth.rateLimited': [
    '该地址请求过于频繁，请 {seconds} 秒后再试',
    'too many requests from this address, try again in {seconds} seconds',
  ],
  'auth.passwordChangeRequired': [
    '当前密码为初始密码，请先修改密码',
    'the password is the initial password: please change it first',
  ],
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
