import type zhCN from './locale.zh-CN';

export default {
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
    secretIntro: 'The secret of client {{clientId}} is below. It is shown only this once: keep it safe now.',
    gotIt: 'I have saved it',
  },
} satisfies typeof zhCN;
