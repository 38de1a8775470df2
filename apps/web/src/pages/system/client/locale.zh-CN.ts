/** Strings of the OAuth client screen (platform tenant only). */
export default {
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
};
