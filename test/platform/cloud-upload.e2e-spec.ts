import { Logger } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, IncomingMessage, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { CloudUploadSettings1763800000700 } from '../../migrations/1763800000700-cloud-upload-settings';
import { axiosTransport, BucketRequest, CloudTicket, uploadToBucket } from '../../web/src/components/Upload/cloud/transfer';
import { createTestApp, TestApp } from '../setup/create-test-app';
import { as, createAdmin, http, login, Session } from '../support/api';
import { createMember, memberLogin } from '../support/member';

/**
 * Cloud upload: `Cos/refreshToken` hands the browser what it needs to put one file into
 * an S3-compatible bucket, the browser sends it in 5 MB slices, `Cos/callback` checks the object and records
 * the attachment. The bucket is a real S3 server on loopback (s3rver); the browser's part is the front end's
 * own transfer module. s3rver has no STS: for the STS mode a small AssumeRole endpoint on loopback stands in
 * for AWS STS / MinIO and records what it was asked.
 */

// s3rver ships no types
// eslint-disable-next-line @typescript-eslint/no-require-imports
const S3rver = require('s3rver') as new (options: object) => { run(): Promise<AddressInfo>; close(): Promise<void>; reset(): void; configureBuckets(): Promise<void> };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const s3rverAccounts = require('s3rver/lib/models/account') as { DUMMY_ACCOUNT: { createKeyPair(id: string, secret: string): void } };

const MiB = 1024 * 1024;
const BUCKET = 'wms';
/** s3rver knows the key id S3RVER; it does not check V4 signatures, so the secret can be anything. */
const ACCESS_KEY = 'S3RVER';
const SECRET_KEY = 'server-secret-never-for-browsers';
const TEMP = { id: 'ASIATEMPORARYKEY', secret: 'temporary-secret-for-one-object', token: 'temporary-session-token' };
const ROLE = 'arn:aws:iam::123456789012:role/wms-upload';

const sha1 = (data: Buffer) => createHash('sha1').update(data).digest('hex');

interface StsCall {
  form: URLSearchParams;
  authorization: string;
  body: string;
}

describe('Cos/refreshToken and Cos/callback (cloud upload to an S3-compatible bucket)', () => {
  let t: TestApp;
  let root: Session;
  let s3rver: InstanceType<typeof S3rver>;
  let bucketDir: string;
  let endpoint: string;
  let s3: S3Client;
  let sts: Server;
  let stsUrl: string;
  const stsCalls: StsCall[] = [];
  let stsFails = false;

  const setConfig = (name: string, value: string) => t.dataSource.query('UPDATE config SET value = ? WHERE name = ?', [value, name]);
  const rowsOf = async () => t.dataSource.query('SELECT * FROM attachment ORDER BY id');
  const refresh = (query: Record<string, string | number>, session: Session = root, lang = 'en') =>
    http(t).get('/admin/Cos/refreshToken').query(query).set('batoken', session.token).set('think-lang', lang);
  const callback = (body: Record<string, unknown>, session: Session = root, lang = 'en') =>
    http(t).post('/admin/Cos/callback').set('batoken', session.token).set('think-lang', lang).send(body);
  const factsOf = (content: Buffer, name: string, type: string) => ({ name, size: content.length, type, sha1: sha1(content) });
  const objectOf = async (key: string) => {
    const answer = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
    return Buffer.from(await answer.Body!.transformToByteArray());
  };
  const exists = async (key: string) =>
    s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key })).then(
      () => true,
      () => false,
    );

  /** What the browser does: ask for a ticket, send the slices (recording each request), call back. */
  async function uploadLikeTheBrowser(content: Buffer, name: string, type: string, extra: Record<string, string> = {}) {
    const facts = { ...factsOf(content, name, type), ...extra };
    const ticketAnswer = await refresh(facts);
    expect(ticketAnswer.body).toMatchObject({ code: 1 });
    const ticket = ticketAnswer.body.data as CloudTicket;
    const requests: BucketRequest[] = [];
    const progress: number[] = [];
    await uploadToBucket(new Blob([content], { type }), ticket, {
      transport: (request) => {
        requests.push(request);
        return axiosTransport(request);
      },
      onProgress: (percent) => progress.push(percent),
    });
    const answer = await callback({ ...facts, url: ticket.url });
    return { facts, ticket, requests, progress, answer };
  }

  // s3rver and the STS stand-in are on loopback over http: only the development setting lets the server call them
  const allowBefore = process.env.OUTBOUND_ALLOW_PRIVATE;
  beforeAll(async () => {
    process.env.OUTBOUND_ALLOW_PRIVATE = '1';
    t = await createTestApp();
    bucketDir = mkdtempSync(join(tmpdir(), 'wms-s3rver-'));
    s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: bucketDir, configureBuckets: [{ name: BUCKET }] });
    const address = await s3rver.run();
    endpoint = `http://127.0.0.1:${address.port}`;
    s3rverAccounts.DUMMY_ACCOUNT.createKeyPair(TEMP.id, TEMP.secret);
    s3 = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: SECRET_KEY } });

    // AssumeRole as AWS STS and MinIO answer it
    sts = createServer((request: IncomingMessage, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        stsCalls.push({ form: new URLSearchParams(body), authorization: String(request.headers.authorization ?? ''), body });
        response.setHeader('Content-Type', 'text/xml');
        if (stsFails) {
          response.statusCode = 403;
          response.end('<ErrorResponse><Error><Type>Sender</Type><Code>AccessDenied</Code><Message>not allowed</Message></Error><RequestId>r</RequestId></ErrorResponse>');
          return;
        }
        const duration = Number(new URLSearchParams(body).get('DurationSeconds'));
        const expiration = new Date(Math.floor(Date.now() / 1000 + duration) * 1000).toISOString();
        response.end(
          '<AssumeRoleResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/"><AssumeRoleResult><Credentials>' +
            `<AccessKeyId>${TEMP.id}</AccessKeyId><SecretAccessKey>${TEMP.secret}</SecretAccessKey><SessionToken>${TEMP.token}</SessionToken>` +
            `<Expiration>${expiration}</Expiration></Credentials><AssumedRoleUser><Arn>${ROLE}/s</Arn><AssumedRoleId>AROA:s</AssumedRoleId></AssumedRoleUser>` +
            '</AssumeRoleResult><ResponseMetadata><RequestId>r</RequestId></ResponseMetadata></AssumeRoleResponse>',
        );
      });
    });
    await new Promise<void>((resolve) => sts.listen(0, '127.0.0.1', resolve));
    stsUrl = `http://127.0.0.1:${(sts.address() as AddressInfo).port}`;
  });

  beforeEach(async () => {
    await t.reset();
    s3rver.reset();
    await s3rver.configureBuckets();
    stsCalls.length = 0;
    stsFails = false;
    root = await login(t);
    await setConfig('upload_mode', 'cloud');
    await setConfig('upload_cloud_endpoint', endpoint);
    await setConfig('upload_cloud_bucket', BUCKET);
    await setConfig('upload_cloud_region', 'us-east-1');
    await setConfig('upload_cloud_access_key', ACCESS_KEY);
    await setConfig('upload_cloud_secret_key', SECRET_KEY);
    await setConfig('upload_cloud_path_style', '1');
    await setConfig('upload_maxsize', '20mb');
  });

  afterAll(async () => {
    process.env.OUTBOUND_ALLOW_PRIVATE = allowBefore;
    s3?.destroy();
    await s3rver?.close();
    await new Promise((resolve) => sts?.close(resolve));
    rmSync(bucketDir, { recursive: true, force: true });
    await t?.close();
  });

  describe('who may upload', () => {
    it('needs a signed-in admin on /admin/Cos and a signed-in member on /api/Cos', async () => {
      const facts = factsOf(Buffer.from('x'), 'a.txt', 'text/plain');
      expect((await http(t).get('/admin/Cos/refreshToken').query(facts).set('think-lang', 'en')).body).toMatchObject({ code: 302, data: { routePath: '/admin/login' } });
      expect((await http(t).post('/admin/Cos/callback').set('think-lang', 'en').send(facts)).body.code).toBe(302);
      expect((await http(t).get('/api/Cos/refreshToken').query(facts)).body.code).toBe(302);
      expect((await http(t).post('/api/Cos/callback').send(facts)).body.code).toBe(302);
      // an admin token is no member token
      expect((await http(t).get('/api/Cos/refreshToken').query(facts).set('ba-user-token', root.token)).body.code).not.toBe(1);
      expect(await rowsOf()).toHaveLength(0);
    });

    it('lets a signed-in member upload through /api/Cos, recorded as theirs', async () => {
      await createMember(t, { username: 'buyer1' });
      const member = await memberLogin(t, 'buyer1');
      const content = randomBytes(2048);
      const facts = { ...factsOf(content, 'receipt.txt', 'text/plain'), topic: 'avatar' };
      const ticket = (await http(t).get('/api/Cos/refreshToken').query(facts).set('ba-user-token', member.token)).body.data as CloudTicket;
      expect(ticket.key).toMatch(/^storage\/avatar\/\d{8}\/receipt[0-9a-f]{40}\.txt$/);
      await uploadToBucket(new Blob([content]), ticket);
      const res = await http(t).post('/api/Cos/callback').set('ba-user-token', member.token).set('think-lang', 'en').send({ ...facts, url: ticket.url });
      expect(res.body).toMatchObject({ code: 1, msg: 'File uploaded successfully', data: { file: { user_id: member.id, admin_id: 0, topic: 'avatar', storage: 's3' } } });
    });
  });

  it('refuses when the upload mode is local', async () => {
    await setConfig('upload_mode', 'local');
    const facts = factsOf(Buffer.from('x'), 'a.txt', 'text/plain');
    expect((await refresh(facts)).body).toMatchObject({ code: 0, msg: 'Cloud upload is not enabled: files are uploaded to this server' });
    expect((await refresh(facts, root, 'zh-cn')).body.msg).toBe('未启用云存储上传：文件上传到本服务器');
    expect((await callback({ ...facts, url: 'storage/default/a.txt' })).body.code).toBe(0);
    // the bootstrap tells the browser to upload locally, without params
    const site = (await as(t, root).get('/admin/index/index')).body.data.siteConfig;
    expect(site.upload).toMatchObject({ mode: 'local', params: {} });
  });

  it('rejects with the message and code of the error number the upload params carry', async () => {
    await setConfig('upload_cloud_bucket', '');
    await setConfig('upload_cloud_secret_key', '');
    const message = 'Cloud storage is not configured correctly: Cloud: bucket, Cloud: secret access key';
    const site = (await as(t, root).get('/admin/index/index')).body.data.siteConfig;
    expect(site.upload).toMatchObject({ mode: 'cloud', params: { errno: 20001, errmsg: message, region: 'us-east-1', endpoint } });

    const facts = factsOf(Buffer.from('x'), 'a.txt', 'text/plain');
    expect((await refresh(facts)).body).toMatchObject({ code: 20001, msg: message, data: null });
    expect((await refresh(facts, root, 'zh-cn')).body).toMatchObject({ code: 20001, msg: '云存储配置不正确：云存储：存储桶, 云存储：访问密钥' });
    expect((await callback({ ...facts, url: 'storage/default/a.txt' })).body).toMatchObject({ code: 20001, msg: message });
    // the member side says the same
    await createMember(t, { username: 'buyer2' });
    const member = await memberLogin(t, 'buyer2');
    expect((await http(t).get('/api/Cos/refreshToken').query(facts).set('ba-user-token', member.token).set('think-lang', 'en')).body).toMatchObject({ code: 20001, msg: message });

    // a working configuration carries no error number
    await setConfig('upload_cloud_bucket', BUCKET);
    await setConfig('upload_cloud_secret_key', SECRET_KEY);
    const fixed = (await as(t, root).get('/admin/index/index')).body.data.siteConfig.upload.params;
    expect(fixed).toEqual({ bucket: BUCKET, region: 'us-east-1', endpoint });
    expect(await rowsOf()).toHaveLength(0);
  });

  it('checks the type and size rules before handing out anything, and again in the callback', async () => {
    const facts = factsOf(Buffer.from('MZ'), 'tool.exe', 'application/x-msdownload');
    expect((await refresh(facts)).body).toMatchObject({ code: 0, msg: 'The type of uploaded file is not allowed!' });
    await setConfig('upload_maxsize', '1kb');
    expect((await refresh({ ...factsOf(Buffer.alloc(1025), 'a.txt', 'text/plain') })).body).toMatchObject({ code: 0, msg: 'The size of the uploaded file exceeds the allowed range!' });
    expect((await refresh({ name: '', size: 3, type: 'text/plain', sha1: sha1(Buffer.from('abc')) })).body.msg).toBe('The data of the uploaded file is incomplete!');
    expect((await refresh({ name: 'a.txt', size: 3, type: 'text/plain', sha1: 'not-a-sha1' })).body.msg).toBe('The SHA-1 of the file must be 40 hexadecimal characters');
    expect((await refresh({ ...factsOf(Buffer.from('abc'), 'a.txt', 'text/plain'), topic: '../x' })).body.msg).toBe('The topic must be 1 to 20 lower-case letters, digits or underscores');
    // the callback: a file above the maximum is refused even when it is in the bucket
    const content = Buffer.alloc(2048, 'a');
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'storage/default/20260101/big.txt', Body: content }));
    expect((await callback({ ...factsOf(content, 'big.txt', 'text/plain'), url: 'storage/default/20260101/big.txt' })).body.msg).toBe(
      'The size of the uploaded file exceeds the allowed range!',
    );
    expect(await rowsOf()).toHaveLength(0);
  });

  it('presigned mode: a file above 5 MB goes into the bucket in slices through per-slice URLs, then is recorded', async () => {
    const content = randomBytes(12 * MiB + 3);
    const { facts, ticket, requests, progress, answer } = await uploadLikeTheBrowser(content, 'Big report.zip', 'application/zip');

    // the ticket: no credentials, one URL per 5 MB slice, each for that slice of that upload of that key
    expect(ticket).toMatchObject({ mode: 'presigned', exists: false, tmpSecretId: '', tmpSecretKey: '', sessionToken: '', bucket: BUCKET, region: 'us-east-1', endpoint, pathStyle: true, partSize: 5 * MiB });
    expect(ticket.key).toMatch(new RegExp(`^storage/default/\\d{8}/Big_report${facts.sha1}\\.zip$`));
    expect(ticket.url).toBe(`${endpoint}/${BUCKET}/${ticket.key}`);
    expect(ticket.expiredTime - ticket.startTime).toBe(900 + Math.ceil(content.length / (256 * 1024)));
    expect(Math.abs(ticket.startTime - Date.now() / 1000)).toBeLessThan(60);
    expect(ticket.upload!.parts.map((p) => p.partNumber)).toEqual([1, 2, 3]);
    for (const part of ticket.upload!.parts) {
      const url = new URL(part.url);
      expect(`${url.origin}${url.pathname}`).toBe(`${endpoint}/${BUCKET}/${ticket.key}`);
      expect(Object.fromEntries(url.searchParams)).toMatchObject({
        partNumber: String(part.partNumber),
        uploadId: ticket.upload!.uploadId,
        'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
        'X-Amz-Expires': String(ticket.expiredTime - ticket.startTime),
        'X-Amz-SignedHeaders': 'host',
      });
      expect(url.searchParams.get('X-Amz-Credential')).toMatch(/^S3RVER\/\d{8}\/us-east-1\/s3\/aws4_request$/);
    }
    expect(new URL(ticket.upload!.complete).searchParams.get('uploadId')).toBe(ticket.upload!.uploadId);
    expect(new URL(ticket.upload!.abort).searchParams.get('uploadId')).toBe(ticket.upload!.uploadId);

    // what the browser sent: three slices of 5, 5 and 2 MB, then the list of parts
    expect(requests.map((r) => `${r.method} ${r.url === ticket.upload!.complete ? 'complete' : ticket.upload!.parts.findIndex((p) => p.url === r.url) + 1}`)).toEqual(
      expect.arrayContaining(['PUT 1', 'PUT 2', 'PUT 3', 'POST complete']),
    );
    expect(requests.filter((r) => r.method === 'PUT').map((r) => (r.body as Blob).size).sort()).toEqual([2 * MiB + 3, 5 * MiB, 5 * MiB].sort());
    expect(progress[progress.length - 1]).toBe(100);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));

    // the object is the file, and the attachment is recorded
    expect(sha1(await objectOf(ticket.key))).toBe(facts.sha1);
    expect(answer.body).toMatchObject({
      code: 1,
      msg: 'File uploaded successfully',
      data: { file: { name: 'Big report.zip', size: content.length, sha1: facts.sha1, storage: 's3', url: ticket.url, full_url: ticket.url, admin_id: root.id, topic: 'default', mimetype: 'application/zip', suffix: 'zip' } },
    });
    const rows = await rowsOf();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ url: ticket.url, storage: 's3', sha1: facts.sha1, quote: 1 });
    expect(Number(rows[0].size)).toBe(content.length);
    // the attachment list shows it
    const list = (await as(t, root).get('/admin/routine.Attachment/index')).body.data.list;
    expect(list[0]).toMatchObject({ storage: 's3', full_url: ticket.url });
  });

  it('sts mode: AssumeRole with a session policy for the one object; the browser signs its slices with the temporary key', async () => {
    await setConfig('upload_cloud_sts_endpoint', stsUrl);
    await setConfig('upload_cloud_sts_role', ROLE);
    const content = randomBytes(6 * MiB + 17);
    const before = Math.floor(Date.now() / 1000);
    const { facts, ticket, requests, answer } = await uploadLikeTheBrowser(content, 'scan.zip', 'application/zip');

    // the ticket carries the temporary credentials (never the server's secret)
    expect(ticket).toMatchObject({ mode: 'sts', exists: false, tmpSecretId: TEMP.id, tmpSecretKey: TEMP.secret, sessionToken: TEMP.token, upload: null });
    const lifetime = 900 + Math.ceil(content.length / (256 * 1024));
    expect(ticket.startTime).toBeGreaterThanOrEqual(before);
    expect(ticket.expiredTime - ticket.startTime).toBeGreaterThanOrEqual(lifetime - 2);
    expect(ticket.expiredTime - ticket.startTime).toBeLessThanOrEqual(lifetime + 2);

    // what the server asked the STS: the role, a session per admin, the lifetime, and a policy for one key
    expect(stsCalls).toHaveLength(1);
    const form = stsCalls[0].form;
    expect(form.get('Action')).toBe('AssumeRole');
    expect(form.get('RoleArn')).toBe(ROLE);
    expect(form.get('RoleSessionName')).toBe(`wms-admin-${root.id}`);
    expect(Number(form.get('DurationSeconds'))).toBe(lifetime);
    expect(JSON.parse(form.get('Policy')!)).toEqual({
      Version: '2012-10-17',
      Statement: [{ Effect: 'Allow', Action: ['s3:PutObject', 's3:AbortMultipartUpload', 's3:ListMultipartUploadParts'], Resource: [`arn:aws:s3:::${BUCKET}/${ticket.key}`] }],
    });
    // signed with the long-term key, which itself never travels
    expect(stsCalls[0].authorization).toMatch(new RegExp(`^AWS4-HMAC-SHA256 Credential=${ACCESS_KEY}/\\d{8}/us-east-1/sts/aws4_request, `));
    expect(stsCalls[0].body).not.toContain(SECRET_KEY);

    // the browser's requests: create, two slices, complete, each signed with the temporary key
    expect(requests.map((r) => `${r.method} ${new URL(r.url).search.replace(/uploadId=[^&]+/, 'uploadId=…')}`).sort()).toEqual(
      ['POST ?uploads', 'PUT ?partNumber=1&uploadId=…', 'PUT ?partNumber=2&uploadId=…', 'POST ?uploadId=…'].sort(),
    );
    for (const request of requests) {
      expect(new URL(request.url).pathname).toBe(`/${BUCKET}/${ticket.key}`);
      expect(request.headers!.authorization).toMatch(new RegExp(`^AWS4-HMAC-SHA256 Credential=${TEMP.id}/\\d{8}/us-east-1/s3/aws4_request, SignedHeaders=host;x-amz-content-sha256;x-amz-date;x-amz-security-token, `));
      expect(request.headers!['x-amz-security-token']).toBe(TEMP.token);
    }
    expect(sha1(await objectOf(ticket.key))).toBe(facts.sha1);
    expect(answer.body).toMatchObject({ code: 1, data: { file: { storage: 's3', sha1: facts.sha1, size: content.length, url: ticket.url } } });
    expect(await rowsOf()).toHaveLength(1);
  });

  it('sts mode: an STS that refuses gives a clear message and nothing else', async () => {
    await setConfig('upload_cloud_sts_endpoint', stsUrl);
    stsFails = true;
    const res = await refresh(factsOf(Buffer.from('hello'), 'a.txt', 'text/plain'));
    expect(res.body).toMatchObject({ code: 0, msg: 'Temporary credentials could not be obtained for the upload, please try again later', data: null });
    expect(stsCalls).toHaveLength(1);
    // without RoleArn (MinIO) the parameter is left out
    expect(stsCalls[0].form.has('RoleArn')).toBe(false);
  });

  it('calls no bucket on loopback or a private network without OUTBOUND_ALLOW_PRIVATE', async () => {
    const facts = factsOf(Buffer.from('hello'), 'a.txt', 'text/plain');
    const storageFailed = 'The cloud storage could not be reached, please try again later';
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    try {
      delete process.env.OUTBOUND_ALLOW_PRIVATE;
      // presigned mode: the server starts the multipart upload itself
      for (const address of [endpoint, endpoint.replace('http:', 'https:'), 'https://10.1.2.3:9000', 'https://[::1]:9000', 'https://localhost:9000']) {
        await setConfig('upload_cloud_endpoint', address);
        expect({ address, answer: (await refresh(facts)).body }).toMatchObject({ address, answer: { code: 0, msg: storageFailed } });
      }
      // refused by the guard (before any connection), said in the log
      const logged = warn.mock.calls.map(([line]) => String(line));
      expect(logged.filter((line) => line.includes('OutboundRefusedError: outgoing call refused'))).toHaveLength(5);
      expect(logged.join('\n')).toContain('(private-address): 10.1.2.3');
    } finally {
      warn.mockRestore();
      process.env.OUTBOUND_ALLOW_PRIVATE = '1';
    }
  });

  it('refuses a wrong SHA-1 and records nothing', async () => {
    const content = randomBytes(64 * 1024);
    const facts = factsOf(content, 'data.txt', 'text/plain');
    const ticket = (await refresh(facts)).body.data as CloudTicket;
    await uploadToBucket(new Blob([content]), ticket);
    // the callback names another content
    const other = sha1(Buffer.from('something else'));
    const wrong = await callback({ ...facts, sha1: other, url: ticket.url });
    expect(wrong.body).toMatchObject({ code: 0, msg: 'The content of the file in the bucket does not match its SHA-1' });
    expect((await callback({ ...facts, sha1: other, url: ticket.url }, root, 'zh-cn')).body.msg).toBe('存储桶中文件的内容与其 SHA-1 不一致');
    expect(await rowsOf()).toHaveLength(0);

    // another content was put under the key than the one announced: refused just the same
    const swapped = Buffer.alloc(content.length, 'z');
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: ticket.key, Body: swapped }));
    expect((await callback({ ...facts, url: ticket.url })).body.msg).toBe('The content of the file in the bucket does not match its SHA-1');
    expect(await rowsOf()).toHaveLength(0);
  });

  it('refuses a wrong size and a missing object', async () => {
    const content = randomBytes(4096);
    const facts = factsOf(content, 'data.txt', 'text/plain');
    const ticket = (await refresh(facts)).body.data as CloudTicket;
    // nothing uploaded yet
    expect((await callback({ ...facts, url: ticket.url })).body).toMatchObject({ code: 0, msg: 'The uploaded file was not found in the bucket' });
    await uploadToBucket(new Blob([content]), ticket);
    expect((await callback({ ...facts, size: content.length + 1, url: ticket.url })).body).toMatchObject({ code: 0, msg: 'The size of the file in the bucket does not match the uploaded file' });
    expect((await callback({ ...facts, size: content.length - 1, url: ticket.url })).body.msg).toBe('The size of the file in the bucket does not match the uploaded file');
    expect(await rowsOf()).toHaveLength(0);
    // the right facts are recorded
    expect((await callback({ ...facts, url: ticket.url })).body.code).toBe(1);
  });

  it('refuses objects outside the upload folder of the bucket', async () => {
    const content = Buffer.from('not an upload');
    const facts = factsOf(content, 'evil.txt', 'text/plain');
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'other/evil.txt', Body: content }));
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'storage/default/evil.txt', Body: content }));
    for (const url of [
      'other/evil.txt',
      `${endpoint}/${BUCKET}/other/evil.txt`,
      '/storage/../other/evil.txt',
      'storage/%2E%2E/other/evil.txt',
      `https://evil.example.com/${BUCKET}/storage/default/evil.txt`,
      `${endpoint}/${BUCKET}/storage/default/evil.txt?x=1`,
      'storage/',
      '',
    ]) {
      expect([url, (await callback({ ...facts, url })).body]).toEqual([url, expect.objectContaining({ code: 0, msg: 'The file is not in the upload folder of the bucket' })]);
    }
    expect(await rowsOf()).toHaveLength(0);
    // inside the folder, in any of the accepted spellings, it is checked and recorded
    expect((await callback({ ...facts, url: '/storage/default/evil.txt' })).body).toMatchObject({ code: 1, data: { file: { url: `${endpoint}/${BUCKET}/storage/default/evil.txt` } } });
  });

  it('answers an identical file of the topic as stored already, and the callback counts it', async () => {
    const content = randomBytes(1000);
    const first = await uploadLikeTheBrowser(content, 'same.txt', 'text/plain');
    expect(first.answer.body.code).toBe(1);
    const again = (await refresh(factsOf(content, 'copy.txt', 'text/plain'))).body.data as CloudTicket;
    expect(again).toMatchObject({ exists: true, url: first.ticket.url, key: first.ticket.key, tmpSecretId: '', upload: null });
    const second = await callback({ ...factsOf(content, 'copy.txt', 'text/plain'), url: again.url });
    expect(second.body.data.file).toMatchObject({ id: first.answer.body.data.file.id, url: first.ticket.url });
    const rows = await rowsOf();
    expect(rows).toHaveLength(1);
    expect(rows[0].quote).toBe(2);
    // another uploader is never handed the first one's key (its file name) nor its row
    await createAdmin(t, 'second', ['dashboard']);
    const secondAdmin = await login(t, 'second');
    const theirs = (await refresh(factsOf(content, 'mine.txt', 'text/plain'), secondAdmin)).body.data as CloudTicket;
    expect(theirs.exists).toBe(false);
    expect(theirs.key).not.toBe(first.ticket.key);
    expect(JSON.stringify(theirs)).not.toContain('same.txt');
    // and a callback naming the first object (whoever learnt its address) records a row of the caller's own
    const named = await callback({ ...factsOf(content, 'mine.txt', 'text/plain'), url: first.ticket.url }, secondAdmin);
    expect(named.body.data.file).toMatchObject({ admin_id: secondAdmin.id, name: 'mine.txt' });
    expect(named.body.data.file.id).not.toBe(first.answer.body.data.file.id);
    expect(await rowsOf()).toHaveLength(2);
    // another topic is another attachment
    const other = (await refresh({ ...factsOf(content, 'same.txt', 'text/plain'), topic: 'brand' })).body.data as CloudTicket;
    expect(other.exists).toBe(false);
  });

  it('never hands out a key that holds an object already', async () => {
    await setConfig('upload_savename', '/storage/{topic}/{filename}{.suffix}');
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'storage/default/notes.txt', Body: Buffer.from('someone else') }));
    const ticket = (await refresh(factsOf(Buffer.from('mine'), 'notes.txt', 'text/plain'))).body.data as CloudTicket;
    expect(ticket.key).toMatch(/^storage\/default\/notes-[A-Za-z0-9]{8}\.txt$/);
    expect((await objectOf('storage/default/notes.txt')).toString()).toBe('someone else');
  });

  it('images must decode; their size is recorded', async () => {
    const png = await sharp({ create: { width: 7, height: 5, channels: 3, background: '#00ff00' } }).png().toBuffer();
    const good = await uploadLikeTheBrowser(png, 'logo.png', 'image/png', { topic: 'brand' });
    expect(good.answer.body).toMatchObject({ code: 1, data: { file: { width: 7, height: 5, topic: 'brand' } } });
    const fake = await uploadLikeTheBrowser(Buffer.from('not an image'), 'fake.png', 'image/png');
    expect(fake.answer.body).toMatchObject({ code: 0, msg: 'fake.png is not a valid image' });
    expect(await rowsOf()).toHaveLength(1);
  });

  it('deleting the attachment removes the object from the bucket', async () => {
    const { ticket, answer } = await uploadLikeTheBrowser(randomBytes(300), 'gone.txt', 'text/plain');
    expect(await exists(ticket.key)).toBe(true);
    const res = await as(t, root).del(`/admin/routine.Attachment/del?ids[]=${answer.body.data.file.id}`);
    expect(res.body).toMatchObject({ code: 1, data: { count: 1 } });
    expect(await exists(ticket.key)).toBe(false);
  });

  it('keeps the secret key out of every answer', async () => {
    await setConfig('upload_cloud_sts_endpoint', stsUrl);
    const answers = [
      await as(t, root).get('/admin/index/index'),
      // routine.Config masks every item of type password
      await as(t, root).get('/admin/routine.Config/index'),
      await refresh(factsOf(Buffer.from('a'), 'a.txt', 'text/plain')),
      await http(t).get('/api/index/index').set('think-lang', 'en'),
    ];
    await setConfig('upload_cloud_sts_endpoint', '');
    answers.push(await refresh(factsOf(Buffer.from('b'), 'b.txt', 'text/plain')));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body.code).toBe(1);
      expect(JSON.stringify(answer.body)).not.toContain(SECRET_KEY);
    }
    // the secret key is an item of type password: shown masked, the other settings as they are
    const upload = answers[1].body.data.list.upload.list as Array<{ name: string; value: unknown; type: string }>;
    expect(upload.find((item) => item.name === 'upload_cloud_secret_key')).toMatchObject({ type: 'password', value: '******' });
    expect(upload.find((item) => item.name === 'upload_cloud_bucket')).toMatchObject({ value: BUCKET });
  });

  it('the migration adds the settings to a database seeded before them', async () => {
    await t.dataSource.query("DELETE FROM config WHERE name LIKE 'upload_cloud_%'");
    await t.dataSource.query('UPDATE config SET content = ? WHERE name = ?', [JSON.stringify({ local: 'platform.config.option.upload_mode_local' }), 'upload_mode']);
    const runner = t.dataSource.createQueryRunner();
    try {
      await new CloudUploadSettings1763800000700().up(runner);
      await new CloudUploadSettings1763800000700().up(runner);
    } finally {
      await runner.release();
    }
    const rows: Array<{ name: string; type: string; secret: number | string; group: string }> = await t.dataSource.query(
      "SELECT name, type, secret, `group` FROM config WHERE name LIKE 'upload_cloud_%' ORDER BY weigh DESC",
    );
    expect(rows.map((r) => r.name)).toEqual([
      'upload_cloud_endpoint',
      'upload_cloud_bucket',
      'upload_cloud_region',
      'upload_cloud_access_key',
      'upload_cloud_secret_key',
      'upload_cloud_path_style',
      'upload_cloud_public_url',
      'upload_cloud_sts_endpoint',
      'upload_cloud_sts_role',
    ]);
    expect(rows.filter((r) => Number(r.secret) === 1).map((r) => [r.name, r.type])).toEqual([['upload_cloud_secret_key', 'password']]);
    expect(rows.every((r) => r.group === 'upload')).toBe(true);
    const [mode] = await t.dataSource.query("SELECT content FROM config WHERE name = 'upload_mode'");
    expect(JSON.parse(mode.content)).toEqual({ local: 'platform.config.option.upload_mode_local', cloud: 'platform.config.option.upload_mode_cloud' });
  });

  it('a public URL base (CDN) names the objects; callbacks may use it or the bucket address', async () => {
    await setConfig('upload_cloud_public_url', 'https://cdn.example.com/files/');
    const content = randomBytes(500);
    const facts = factsOf(content, 'cdn.txt', 'text/plain');
    const ticket = (await refresh(facts)).body.data as CloudTicket;
    expect(ticket.url).toBe(`https://cdn.example.com/files/${ticket.key}`);
    expect(ticket.objectUrl).toBe(`${endpoint}/${BUCKET}/${ticket.key}`);
    await uploadToBucket(new Blob([content]), ticket);
    const res = await callback({ ...facts, url: ticket.objectUrl });
    expect(res.body).toMatchObject({ code: 1, data: { file: { url: ticket.url, full_url: ticket.url } } });
    await s3.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: ticket.key }));
  });
});
