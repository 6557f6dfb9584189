import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the SMTP server received it. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on localhost for the mail tests: it keeps what it receives, can refuse mail
 * with a temporary error, and can go down and come back on the same port.
 */
export interface SmtpTestServer {
  url: string;
  port: number;
  received: ReceivedMail[];
  /** While set, every recipient is refused with this reply (e.g. a 451 'try again later'). */
  refuseWith(reply: { code: number; message: string } | null): void;
  /**
   * The next message's data is taken but never answered: its sender waits (a process that dies
   * mid-send). A held message is not counted as received.
   */
  holdNext(): void;
  /** How many messages are held now. */
  readonly heldCount: number;
  stop(): Promise<void>;
  /** Listens again on the same port. */
  restart(): Promise<void>;
}

export async function startSmtpTestServer(): Promise<SmtpTestServer> {
  const received: ReceivedMail[] = [];
  let refusal: { code: number; message: string } | null = null;
  let holding = 0;
  let heldCount = 0;

  const create = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo(_address, _session, callback) {
        if (!refusal) return callback();
        const error = Object.assign(new Error(refusal.message), { responseCode: refusal.code });
        callback(error);
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          if (holding > 0) {
            holding -= 1;
            heldCount += 1;
            return;
          }
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });

  let server = create();
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
  await listen(0);
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    refuseWith(reply) {
      refusal = reply;
    },
    holdNext() {
      holding += 1;
    },
    get heldCount() {
      return heldCount;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
    async restart() {
      server = create();
      await listen(port);
    },
  };
}
