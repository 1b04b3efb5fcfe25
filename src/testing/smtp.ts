import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  messageId: string;
  text: string;
}

export interface TestSmtp {
  /** `smtp://127.0.0.1:<port>` for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  stop(): Promise<void>;
}

/** Quoted-printable (what nodemailer uses for long or non-ASCII lines) back to text. */
function fromQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** An encoded-word header (`=?UTF-8?Q?…?=` or `?B?`) back to text. */
function fromEncodedWords(value: string): string {
  return value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_, kind: string, data: string) =>
    kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : fromQuotedPrintable(data.replace(/_/g, ' ')),
  );
}

/**
 * A real SMTP server on a free loopback port (smtp-server, no TLS, no authentication), keeping
 * what it receives: the e-mail journeys go through a real SMTP conversation.
 */
export async function startSmtp(): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const split = raw.indexOf('\r\n\r\n');
        const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
        const body = raw.slice(split + 4);
        const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
        const encoding = header('Content-Transfer-Encoding').toLowerCase();
        const text = encoding === 'quoted-printable' ? fromQuotedPrintable(body) : encoding === 'base64' ? Buffer.from(body, 'base64').toString('utf8') : body;
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: fromEncodedWords(header('Subject')),
          messageId: header('Message-ID'),
          text: text.replace(/\r\n/g, '\n'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
