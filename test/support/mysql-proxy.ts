import { createConnection, createServer, Server, Socket } from 'node:net';

/**
 * A TCP proxy in front of a MySQL server that can lose the answer to a COMMIT: the server commits, the
 * app's connection breaks before it hears so. That is the failure an Idempotency-Key exists for, and no
 * timing of a real crash produces it on purpose.
 */
export class MysqlProxy {
  private server: Server;
  private sockets = new Set<Socket>();
  private commitsToLose = 0;
  port = 0;
  /** Connections relayed so far. */
  connections = 0;

  constructor(private readonly target: { host: string; port: number }) {
    this.server = createServer((client) => this.relay(client));
  }

  async listen(port = 0): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    this.port = (this.server.address() as { port: number }).port;
    return this.port;
  }

  /** The next COMMIT reaches the server, its answer does not reach the app: that connection breaks instead. */
  loseNextCommitAnswer(): void {
    this.commitsToLose++;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private relay(client: Socket): void {
    this.connections++;
    const upstream = createConnection(this.target);
    for (const socket of [client, upstream]) {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    const breakBoth = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('close', breakBoth);
    upstream.on('close', breakBoth);
    let pending = Buffer.alloc(0);
    let losing = false;
    client.on('data', (chunk: Buffer) => {
      // MySQL packets: 3-byte length, sequence id, payload; COM_QUERY is 0x03 followed by the SQL.
      pending = Buffer.concat([pending, chunk]);
      while (pending.length >= 4) {
        const length = pending.readUIntLE(0, 3);
        if (pending.length < 4 + length) break;
        const payload = pending.subarray(4, 4 + length);
        if (this.commitsToLose > 0 && payload[0] === 0x03 && /^COMMIT\b/i.test(payload.subarray(1).toString())) {
          this.commitsToLose--;
          losing = true;
        }
        pending = pending.subarray(4 + length);
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (losing) return breakBoth();
      client.write(chunk);
    });
  }
}
