/** Server messages of the resource area, zh-CN then en-US. */
export const messages = {
  'resource.enabled': ['启用成功', 'enabled successfully'],
  'resource.ossCategory': [
    '不支持的存储类型，请选择本地磁盘、MinIO 或 S3 兼容存储',
    'unsupported storage type: choose local disk, MinIO or S3-compatible',
  ],
  'resource.ossCodeExists': ['资源编号已存在', 'the storage code already exists'],
  'resource.bucketName': [
    '空间名须为 3 到 63 位小写字母、数字、点或连字符',
    'the bucket name must be 3 to 63 lower-case letters, digits, dots or hyphens',
  ],
  'resource.region': [
    '地域须为小写字母、数字或连字符',
    'the region must be lower-case letters, digits or hyphens',
  ],
  'resource.storeFailed': [
    '对象存储 {store} 访问失败，请检查存储配置',
    'the object store {store} could not be reached, please check the storage configuration',
  ],
  'resource.uploadType': ['不支持上传该类型的文件', 'this type of file cannot be uploaded'],
  'resource.uploadContent': [
    '文件内容与扩展名 .{extension} 不符',
    'the file’s content does not match its extension .{extension}',
  ],
  'resource.linkExpired': ['链接已过期', 'the link has expired'],
  'resource.linkInvalid': ['链接无效', 'the link is not valid'],
  'resource.smsCategory': ['不支持的短信服务类型', 'unsupported SMS provider'],
  'resource.smsCarrierMissing': [
    '平台未内置短信服务商「{carrier}」，无法通过它发送短信；请启用内置发件箱（类型 0）的配置',
    'the platform does not ship the SMS carrier {carrier}: no text can be sent through it; enable a configuration of the built-in outbox (category 0)',
  ],
  'resource.smsCodeExists': ['资源编号已存在', 'the SMS code already exists'],
  'resource.smsNotEnabled': ['没有启用的短信配置', 'no SMS configuration is enabled'],
  'resource.smsConfigNotFound': ['短信配置不存在', 'no such SMS configuration'],
  'resource.smsParams': [
    '短信参数须为 JSON 对象，例如 {"name":"张三"}',
    'the message parameters must be a JSON object, e.g. {"name":"Ada"}',
  ],
  'resource.smsCodeFormat': ['验证码为 6 位数字', 'the code is 6 digits'],
  'resource.smsCodeInvalid': ['短信验证码不正确或已过期', 'the SMS code is wrong or expired'],
  'resource.smsTooFrequent': [
    '发送过于频繁，请 {seconds} 秒后再试',
    'sent too often, please try again in {seconds} seconds',
  ],
  'resource.smsHourly': [
    '该手机号本小时发送次数已达上限',
    'this phone number has received too many codes this hour',
  ],
  'resource.smsSent': ['短信发送成功', 'message sent'],
  'resource.smsCodeSent': ['验证码已发送', 'verification code sent'],
  'resource.smsCodeValid': ['验证码校验成功', 'the code is correct'],
  'resource.smsCodeText': [
    '您的验证码为 {code}，{minutes} 分钟内有效，请勿泄露。',
    'Your verification code is {code}, valid for {minutes} minutes. Do not share it.',
  ],
  'resource.outboxPlatformOnly': [
    '仅平台租户可查看短信发件箱',
    'only the platform tenant may read the SMS outbox',
  ],
} satisfies Record<string, readonly [string, string]>;
