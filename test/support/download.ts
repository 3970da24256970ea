import { TestApp } from '../setup/create-test-app';
import { http } from './api';

export interface Download {
  status: number;
  /** The Content-Type header. */
  type: string;
  headers: Record<string, string>;
  /** The answer's bytes, whatever they are. */
  body: Buffer;
  /** The envelope when the answer is JSON (a refusal instead of the file). */
  json: Record<string, any> | null;
}

/**
 * A GET of a file answer (PDF, PNG, ZIP) kept as bytes, or the envelope of a refusal parsed: `token` as the
 * `batoken` header (null: none), `lang` as `think-lang` ('' : none, e.g. when the URL carries `lang`).
 */
export async function download(t: TestApp, url: string, token: string | null, lang = 'en'): Promise<Download> {
  let request = http(t)
    .get(url)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
  if (token) request = request.set('batoken', token);
  if (lang) request = request.set('think-lang', lang);
  const res = await request;
  const type = String(res.headers['content-type'] ?? '');
  const body = res.body as Buffer;
  return { status: res.status, type, headers: res.headers as Record<string, string>, body, json: type.includes('json') ? JSON.parse(body.toString('utf8')) : null };
}
