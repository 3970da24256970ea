import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { checkOutboundUrl, guardedLookup, OutboundPolicy, OutboundRefusedError } from './outbound-guard';

export interface OutboundRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The whole call (connect, send, answer) fails after this long. */
  timeoutMs: number;
  /** At most this many bytes of answer are read (more fails the call). */
  maxBytes?: number;
}

export interface OutboundAnswer {
  status: number;
  ok: boolean;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** The answer as JSON, or null when it is not. */
  json<T = unknown>(): T | null;
}

const DEFAULT_MAX_BYTES = 1 << 20;

/**
 * One HTTP call through the outbound guard: the URL is checked (https, no credentials, no private address
 * literal), the host's addresses are checked as the socket resolves it, and a redirect is refused, never
 * followed (the place it points to was not checked). Answers status, headers and the body as text.
 */
export async function outboundRequest(url: string | URL, init: OutboundRequest, policy: OutboundPolicy): Promise<OutboundAnswer> {
  const target = checkOutboundUrl(url, policy);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const maxBytes = init.maxBytes ?? DEFAULT_MAX_BYTES;
  return new Promise<OutboundAnswer>((resolve, reject) => {
    const request = send(
      target,
      { method: init.method, headers: init.headers, lookup: guardedLookup(policy) as never, agent: false, signal: AbortSignal.timeout(init.timeoutMs) },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          response.destroy();
          reject(new OutboundRefusedError('redirect', `${target.host} answered ${status} → ${String(response.headers.location ?? '').slice(0, 200)}`));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) response.destroy(new Error(`the answer of ${target.host} is larger than ${maxBytes} bytes`));
          else chunks.push(chunk);
        });
        response.on('error', reject);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            status,
            ok: status >= 200 && status < 300,
            headers: response.headers,
            text,
            json<T>() {
              try {
                return JSON.parse(text) as T;
              } catch {
                return null;
              }
            },
          });
        });
      },
    );
    request.on('error', reject);
    request.end(init.body);
  });
}

/**
 * HTTP agents whose sockets resolve through the guard, for clients that make their own requests (the AWS
 * SDK's `requestHandler: { httpAgent, httpsAgent }`). Check the endpoint with `checkOutboundUrl` too: a
 * socket to an address literal resolves nothing.
 */
export function outboundAgents(policy: OutboundPolicy): { httpAgent: HttpAgent; httpsAgent: HttpsAgent } {
  const lookup = guardedLookup(policy) as never;
  return { httpAgent: new HttpAgent({ keepAlive: true, lookup } as never), httpsAgent: new HttpsAgent({ keepAlive: true, lookup } as never) };
}
