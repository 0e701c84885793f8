// How e-mails leave: SMTP in production, .eml files locally. What they say: ./emails/.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Fields } from '../log';
import { isOneAddress } from '../paypal/custom-id';

export type Message = {
  to: string;
  subject: string;
  html: string;
  text: string;
  replyTo?: string;
  /** Fixed when the message is queued, so that a copy sent again after a crash is recognisable. */
  messageId?: string;
  /** Files sent with it (a signed contract's PDF), kept in the outbox as base64. */
  attachments?: { filename: string; contentType: string; encoding: 'base64'; content: string }[];
};

export type Mailer = { send(message: Message): Promise<void>; close?(): void };

/** SMTP connections the service keeps open at once. */
export const SMTP_CONNECTIONS = 5;

/**
 * The message, checked to go to one inbox: an address that is not exactly one plain address (a
 * list, a group, a display name) is never sent to.
 */
function oneRecipient(message: Message) {
  if (!isOneAddress(message.to)) throw new Error('The recipient is not one e-mail address.');
  return message;
}

/**
 * Sends over SMTP when a URL is set; otherwise writes each message as an .eml file into the
 * outbox folder, which any mail program opens (local development).
 */
export function createMailer(options: {
  smtpUrl: string | null;
  outboxDir: string;
  /** The sender, asked at each send (it may come from the catalogue). */
  from: () => string;
  log: (fields: Fields) => void;
}): Mailer {
  if (options.smtpUrl) {
    // A pool keeps connections open between messages, several at once, instead of one
    // connection (and TLS handshake) per e-mail.
    const transport = nodemailer.createTransport({
      url: options.smtpUrl,
      pool: true,
      maxConnections: SMTP_CONNECTIONS,
    });
    return {
      async send(message) {
        await transport.sendMail({ from: options.from(), ...oneRecipient(message) });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  let count = 0;
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from(), ...oneRecipient(message) });
      mkdirSync(options.outboxDir, { recursive: true });
      count += 1;
      const file = path.join(options.outboxDir, `${Date.now()}-${count}.eml`);
      writeFileSync(file, info.message as Buffer);
      options.log({ msg: 'e-mail written to the outbox', file });
    },
  };
}

/** An SMTP error for logs and the outbox: the relayed server reply without e-mail addresses. */
export function scrubAddresses(text: string): string {
  return text.replace(/[^\s<>()"',;:]+@[^\s<>()"',;:]+/g, '<address>');
}

/** A moment as the e-mails write it: "November 26, 2026 at 4:33 PM" (UTC). */
export const dateFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'UTC',
});
