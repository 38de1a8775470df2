/** Server messages of the tenant area (tenants and OAuth clients), zh-CN then en-US. */
export const tenantMessages = {
  'tenant.platformOnly': [
    '只有平台租户可以管理租户和应用',
    'only the platform tenant may manage tenants and clients',
  ],
  'tenant.idFormat': ['租户 ID 须为 1 到 12 位字母或数字', 'a tenant id is 1 to 12 letters or digits'],
  'tenant.idExists': ['租户 ID 已存在', 'the tenant id already exists'],
  'tenant.idImmutable': ['租户 ID 创建后不可修改', 'the tenant id cannot be changed once created'],
  'tenant.domainExists': ['该域名已被其他租户使用', 'another tenant already uses this domain'],
  'tenant.accountNumber': [
    '账号额度须为 -1（不限）或不小于 0 的整数',
    'the account limit must be -1 (unlimited) or a whole number of at least 0',
  ],
  'tenant.removePlatform': ['平台租户不能删除', 'the platform tenant cannot be removed'],
  'tenant.expirePlatform': ['平台租户不能设置过期时间', 'the platform tenant cannot be given an expiry time'],
  'tenant.accountQuota': [
    '租户账号额度已用完（上限 {limit} 个），请联系平台管理员',
    'the tenant has used all of its {limit} accounts: please contact the platform administrator',
  ],

  'client.idFormat': [
    '客户端 ID 只能包含字母、数字、下划线、点和连字符',
    'a client id may hold letters, digits, underscores, dots and hyphens only',
  ],
  'client.idExists': ['客户端 ID 已存在', 'the client id already exists'],
  'client.secretMin': ['客户端密钥至少 6 个字符', 'a client secret is at least 6 characters'],
  'client.grantTypes': [
    '授权类型须为 password、captcha、refresh_token、social、sms_code 中的若干个，用逗号分隔且不重复',
    'grant types are some of password, captcha, refresh_token, social, sms_code, comma-separated without repeats',
  ],
  'client.validity': ['有效期须为正整数（秒）', 'a validity is a positive whole number of seconds'],
  'client.consoleClient': [
    '控制台正在使用该客户端，不能删除或更改其 ID',
    'the console signs in with this client: it cannot be removed or renamed',
  ],
} satisfies Record<string, readonly [string, string]>;
