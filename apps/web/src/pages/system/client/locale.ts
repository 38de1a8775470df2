/** Strings of the OAuth client screen (platform tenant only). */
export default {
  'zh-CN': {
    client: {
      title: '应用',
      clientId: '客户端 ID',
      clientSecret: '客户端密钥',
      secretHint: '新增时留空则自动生成；编辑时填写即重置，留空保持不变。密钥只在保存后显示一次。',
      scope: '授权范围',
      grantTypes: '授权类型',
      accessTokenValidity: '令牌有效期（秒）',
      refreshTokenValidity: '刷新令牌有效期（秒）',
      redirectUri: '回调地址',
      resourceIds: '资源 ID',
      authorities: '权限',
      autoapprove: '自动授权',
      additionalInformation: '附加信息',
      consoleClient: '控制台正在使用',
      secretTitle: '客户端密钥',
      secretIntro: '客户端 {{clientId}} 的密钥如下。它只显示这一次，请立即妥善保存：',
      gotIt: '我已保存',
    },
  },
  'en-US': {
    client: {
      title: 'client',
      clientId: 'Client ID',
      clientSecret: 'Client secret',
      secretHint:
        'Adding: leave empty to generate one. Editing: a new value resets it, empty keeps it. The secret is shown once after saving.',
      scope: 'Scope',
      grantTypes: 'Grant types',
      accessTokenValidity: 'Access token validity (s)',
      refreshTokenValidity: 'Refresh token validity (s)',
      redirectUri: 'Redirect URI',
      resourceIds: 'Resource IDs',
      authorities: 'Authorities',
      autoapprove: 'Auto-approve',
      additionalInformation: 'Additional information',
      consoleClient: 'Used by this console',
      secretTitle: 'Client secret',
      secretIntro:
        'The secret of client {{clientId}} is below. It is shown only this once: keep it safe now.',
      gotIt: 'I have saved it',
    },
  },
};
