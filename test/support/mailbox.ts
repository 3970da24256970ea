import { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The Subject header, MIME encoded-words decoded. */
  subject: string;
  raw: string;
}

/** Decodes `=?UTF-8?B?…?=` / `=?UTF-8?Q?…?=` words (how nodemailer writes non-ASCII headers). */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BQbq])\?([^?]*)\?=/g, (_, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m: string, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'),
    );
}

function header(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/)[0];
  const match = new RegExp(`^${name}:([^\\r\\n]*(?:\\r?\\n[ \\t][^\\r\\n]*)*)`, 'im').exec(head);
  return match ? decodeWords(match[1].replace(/\r?\n[ \t]/g, ' ').trim()) : '';
}

/**
 * A real SMTP server on loopback (smtp-server), for the tests that read verification codes from the mails
 * the app sends. No TLS, no authentication: the app reaches it through SMTP_URL=smtp://127.0.0.1:<port>.
 */
export class Mailbox {
  readonly mails: ReceivedMail[] = [];
  private server?: SMTPServer;
  private waiters: Array<() => void> = [];
  port = 0;

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async start(): Promise<this> {
    this.server = new SMTPServer({
      secure: false,
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          this.mails.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: header(raw, 'Subject'),
            raw,
          });
          this.waiters.splice(0).forEach((wake) => wake());
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(0, '127.0.0.1', () => resolve());
    });
    this.port = ((this.server as unknown as { server: { address(): AddressInfo } }).server.address() as AddressInfo).port;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  clear(): void {
    this.mails.length = 0;
  }

  mailsTo(address: string): ReceivedMail[] {
    return this.mails.filter((m) => m.to.includes(address.toLowerCase()));
  }

  /** The newest mail to `address`, waiting up to `timeoutMs` for one to arrive. */
  async latest(address: string, timeoutMs = 5000): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.mailsTo(address);
      if (found.length) return found[found.length - 1];
      if (Date.now() > deadline) throw new Error(`no mail to ${address}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 100);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** The verification code (6 digits) of the newest mail to `address`, read from its subject. */
  async codeFor(address: string): Promise<string> {
    const mail = await this.latest(address);
    const match = /\b(\d{6})\b/.exec(mail.subject);
    if (!match) throw new Error(`no code in "${mail.subject}"`);
    return match[1];
  }
}
