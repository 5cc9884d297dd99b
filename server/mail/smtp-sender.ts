import nodemailer from 'nodemailer';
import { serverMessages } from '../i18n';
import { type CodeMessage, type CodeSender, messageText } from './sender';

/** Mails codes and notices to email accounts over SMTP_URL; mobile accounts fall back to `sms`. */
export class SmtpSender implements CodeSender {
  private readonly transport;
  constructor(
    url: string,
    private readonly from: string,
    private readonly sms: CodeSender,
  ) {
    this.transport = nodemailer.createTransport(url);
  }

  async send(message: CodeMessage): Promise<void> {
    if (message.to.kind !== 'email') return this.sms.send(message);
    const text = messageText(message);
    const server = serverMessages[message.locale];
    const subject =
      message.kind === 'code'
        ? text
        : message.kind === 'orderStatus'
          ? server.orderMailSubject.replace('{{order}}', message.orderNo)
          : server.accountExistsSubject;
    await this.transport.sendMail({ from: this.from, to: message.to.email, subject, text });
  }
}
