import type { AddressInfo } from 'node:net';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';

/**
 * A loopback SMTP server that parses every message it receives. `failNext` makes it refuse the
 * next message, as a mail server that is down would (`failNextTo`: the next ones to an address); `rejectRecipient` refuses an address as a
 * mail server does, naming it in its reply; `delayMs` answers each message that much later.
 * `lenientAddresses` takes any address syntax (see below).
 */
export async function startSmtpCapture({ delayMs = 0, lenientAddresses = false } = {}) {
  const messages: Email[] = [];
  const rejected = new Set<string>();
  let failures = 0;
  /** Refusals owed to messages for one address (the outbox sends side by side, in any order). */
  const failuresTo = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    // smtp-server takes addresses of at most 253 characters; RFC 5321's 256-octet path (with its
    // angle brackets) allows 254, which mail servers such as Postfix accept.
    lenientAddressParsing: lenientAddresses,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!rejected.has(address.address)) return callback();
      callback(
        Object.assign(new Error(`<${address.address}>: Recipient address rejected: unknown user`), {
          responseCode: 550,
        }),
      );
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo[0]?.address ?? '';
        const owed = failuresTo.get(to) ?? 0;
        if (owed > 0) failuresTo.set(to, owed - 1);
        if (owed > 0 || failures > 0) {
          if (owed === 0) failures -= 1;
          return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 451 }));
        }
        PostalMime.parse(Buffer.concat(chunks)).then(
          (email) =>
            setTimeout(() => {
              messages.push(email);
              callback();
            }, delayMs),
          (error: Error) => callback(error),
        );
      });
    },
  });
  // A client that vanishes mid-session (a service killed with its pooled connections open) resets
  // its socket; a mail server shrugs that off.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    failNext: () => void (failures += 1),
    /** Refuses the next `count` messages to `address`, whatever else is sent meanwhile. */
    failNextTo: (address: string, count: number) =>
      void failuresTo.set(address, (failuresTo.get(address) ?? 0) + count),
    rejectRecipient: (address: string) => void rejected.add(address),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
