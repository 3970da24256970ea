import { createHmac } from 'node:crypto';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';

/** A message a stand-in robot got: which robot path, its query, its JSON body, and whether its signature held. */
export interface RobotMessage {
  path: string;
  query: Record<string, string>;
  body: any;
  signed: boolean;
}

/**
 * Stand-in DingTalk and WeCom group robots on loopback for the specs. `/dingtalk/send` checks DingTalk's
 * signature as DingTalk does — `sign` = base64 HMAC-SHA256("<timestamp>\n<secret>") keyed with the secret,
 * the timestamp within an hour — and answers `{errcode: 310000}` when it does not hold; `/wecom/send` takes
 * any message. `delayMs` holds every answer back (a slow robot); `down` answers 503.
 */
export class StandInRobots {
  secret = 'SECdingtalk-test-secret';
  delayMs = 0;
  down = false;
  readonly got: RobotMessage[] = [];
  private server!: Server;

  get dingTalkUrl(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/dingtalk/send?access_token=tok`;
  }

  get weComUrl(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/wecom/send?key=k1`;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://robot.test');
        const query = Object.fromEntries(url.searchParams) as Record<string, string>;
        let body: any = null;
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          body = null;
        }
        const signed = url.pathname === '/dingtalk/send' ? this.signatureHolds(query) : true;
        this.got.push({ path: url.pathname, query, body, signed });
        const answer = () => {
          if (this.down) return res.writeHead(503).end();
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(signed ? { errcode: 0, errmsg: 'ok' } : { errcode: 310000, errmsg: 'sign not match' }));
        };
        if (this.delayMs) setTimeout(answer, this.delayMs);
        else answer();
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this;
  }

  /** Waits until `count` messages arrived (or fails after `ms`): what a spec asserts on, never a fixed pause. */
  async waitFor(count: number, ms = 8000): Promise<RobotMessage[]> {
    const until = Date.now() + ms;
    while (this.got.length < count) {
      if (Date.now() > until) throw new Error(`the robots got ${this.got.length} message(s), not ${count}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return this.got;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections?.();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private signatureHolds(query: Record<string, string>): boolean {
    const timestamp = Number(query.timestamp);
    if (!query.sign || !Number.isFinite(timestamp) || Math.abs(Date.now() - timestamp) > 3_600_000) return false;
    const expected = createHmac('sha256', this.secret).update(`${query.timestamp}\n${this.secret}`).digest('base64');
    return query.sign === expected;
  }
}
