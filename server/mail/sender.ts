import type { FastifyBaseLogger } from 'fastify';
import type { AccountRef, VerifyScene } from '../../src/api';
import type { Locale } from '../../src/i18n/langs';

export type CodeMessage = { to: AccountRef; code: string; scene: VerifyScene; locale: Locale };

/** Delivers verification codes. The embedded default logs them; SMTP_URL mails them. */
export interface CodeSender {
  send(message: CodeMessage): Promise<void>;
}

export function accountLabel(to: AccountRef): string {
  return to.kind === 'email' ? to.email : `${to.area}:${to.mobile}`;
}

/**
 * Development and test sender: writes the code to the server log (there is no SMS gateway
 * here) and keeps the last code per account so tests can read it.
 */
export class LogSender implements CodeSender {
  private readonly last = new Map<string, string>();
  constructor(private readonly log?: Pick<FastifyBaseLogger, 'info'>) {}

  async send({ to, code, scene }: CodeMessage): Promise<void> {
    this.last.set(accountLabel(to), code);
    this.log?.info({ to: accountLabel(to), scene, code }, 'verification code (log sender)');
  }

  lastCode(account: string): string | undefined {
    return this.last.get(account);
  }
}
