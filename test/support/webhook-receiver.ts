import { createServer, IncomingHttpHeaders, Server } from 'node:http';
import { AddressInfo } from 'node:net';

/** A request the receiver got: its headers, its raw body, the body parsed, and the status it answered. */
export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  event: { id: string; type: string; occurred_at: number; data: any; ledger: Array<{ event_id: number; stream: string; version: number; hash: string }> };
  status: number;
}

/**
 * A webhook receiver on loopback for the specs: it records every request and answers what `answer` says (200
 * unless told otherwise), so a spec can take it "down" (503), make it fail after processing (a lost answer)
 * or let it through.
 */
export class TestReceiver {
  readonly got: Received[] = [];
  answer: (request: Omit<Received, 'status'>) => number = () => 200;
  private server!: Server;

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
  }

  async start(port = 0): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        let event: Received['event'];
        try {
          event = JSON.parse(body);
        } catch {
          event = { id: '', type: '', occurred_at: 0, data: null, ledger: [] };
        }
        const status = this.answer({ headers: req.headers, body, event });
        this.got.push({ headers: req.headers, body, event, status });
        res.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    return this;
  }

  /** The events it accepted (answered 2xx), in the order it got them. */
  accepted(): Received[] {
    return this.got.filter((r) => r.status >= 200 && r.status < 300);
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/**
 * A webhook subscribed to `events` (an address nobody listens on; the API specs run no delivery loop), so that
 * the outbox writes those events: it writes only what an enabled webhook wants.
 */
export async function subscribeWebhook(c: { raw: { post: (url: string, body: object) => PromiseLike<{ body: { code: number; msg?: string } }> } }, events: string[]): Promise<void> {
  const allowPrivate = process.env.WEBHOOK_ALLOW_PRIVATE;
  process.env.WEBHOOK_ALLOW_PRIVATE = '1';
  try {
    const res = await c.raw.post('/admin/routine.Webhook/add', { url: 'http://127.0.0.1:9/unused', events, status: 1 });
    if (res.body.code !== 1) throw new Error(`webhook add failed: ${JSON.stringify(res.body)}`);
  } finally {
    if (allowPrivate === undefined) delete process.env.WEBHOOK_ALLOW_PRIVATE;
    else process.env.WEBHOOK_ALLOW_PRIVATE = allowPrivate;
  }
}
