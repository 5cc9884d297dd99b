import type { FastifyBaseLogger } from 'fastify';
import { type AccountRef, type PhysicalStatus, STATUS_TEXT_KEY, type VerifyScene } from '../../src/api';
import type { Locale } from '../../src/i18n/langs';
import { serverMessages, serverText } from '../i18n';

/**
 * What is sent to an address: a verification code, or, when someone asks to register an
 * address that already has an account, a notice saying so (and how to sign in or reset)
 * instead, so the sign-up screen itself answers the same for every address.
 */
export type CodeMessage =
  | { kind: 'code'; to: AccountRef; code: string; scene: VerifyScene; locale: Locale }
  | { kind: 'accountExists'; to: AccountRef; locale: Locale }
  | {
      kind: 'orderStatus';
      to: AccountRef;
      locale: Locale;
      orderNo: string;
      status: PhysicalStatus;
      /** The tracking number, when shipped. */
      tracking: string;
    };

/** Delivers verification codes and notices. The embedded default logs them; SMTP_URL mails them. */
export interface CodeSender {
  send(message: CodeMessage): Promise<void>;
}

export function accountLabel(to: AccountRef): string {
  return to.kind === 'email' ? to.email : `${to.area}:${to.mobile}`;
}

/** The message's text in its language: the one wording for mail and the SMS channel. */
export function messageText(message: CodeMessage): string {
  const server = serverMessages[message.locale];
  if (message.kind === 'orderStatus') {
    const text = serverText(message.locale, 'notifyOrder', {
      order: message.orderNo,
      status: serverText(message.locale, STATUS_TEXT_KEY[message.status]),
    });
    return message.tracking
      ? `${text}\n${serverText(message.locale, 'orderTracking', { tracking: message.tracking })}`
      : text;
  }
  return message.kind === 'code' ? server.codeMail.replace('{{code}}', message.code) : server.accountExistsNotice;
}

/**
 * Development and test sender: writes the message to the server log (there is no SMS gateway
 * here) and keeps the last code and the last message per account so tests can read them.
 */
export class LogSender implements CodeSender {
  private readonly last = new Map<string, string>();
  private readonly lastMessages = new Map<string, CodeMessage>();
  constructor(private readonly log?: Pick<FastifyBaseLogger, 'info'>) {}

  async send(message: CodeMessage): Promise<void> {
    const to = accountLabel(message.to);
    this.lastMessages.set(to, message);
    if (message.kind === 'code') {
      this.last.set(to, message.code);
      this.log?.info({ to, scene: message.scene, code: message.code }, 'verification code (log sender)');
    } else {
      this.log?.info({ to, text: messageText(message) }, `${message.kind} (log sender)`);
    }
  }

  lastCode(account: string): string | undefined {
    return this.last.get(account);
  }

  lastMessage(account: string): CodeMessage | undefined {
    return this.lastMessages.get(account);
  }
}
