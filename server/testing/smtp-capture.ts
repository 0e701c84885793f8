import type { AddressInfo } from 'node:net';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';

/**
 * A loopback SMTP server that parses every message it receives. `failNext` makes it refuse the
 * next message, as a mail server that is down would.
 */
export async function startSmtpCapture() {
  const messages: Email[] = [];
  let failures = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (failures > 0) {
          failures -= 1;
          return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 451 }));
        }
        PostalMime.parse(Buffer.concat(chunks)).then(
          (email) => {
            messages.push(email);
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    failNext: () => void (failures += 1),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
