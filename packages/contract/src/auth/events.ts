import type { MessageKey } from '../messages.js';

/** A password or captcha sign-in, accepted or refused: the sign-in log's row. */
export interface SignInEvent {
  /** the tenant signed in to, or asked for when refused (000000 when tenant mode is off) */
  tenantId: string;
  userId: string | null;
  account: string;
  ip: string;
  userAgent: string;
  ok: boolean;
  /** why it was refused; `user.signedIn` when accepted */
  messageKey: MessageKey;
}

declare module '../common/events.js' {
  interface DomainEvents {
    /** told on the instance that answered the sign-in, once */
    'auth.signedIn': SignInEvent;
  }
}
