/**
 * Cloud upload through the pages: with the upload mode set to a bucket (s3rver on loopback, CORS allowing
 * the site and exposing ETag), a brand logo of more than 5 MB picked in the brand form goes from the browser
 * straight into the bucket in slices (presigned URLs), the callback records it, and the thumbnail loads from
 * the bucket. A bucket without CORS makes the upload fail with a message, and nothing is recorded. In the STS
 * mode (a stand-in AssumeRole endpoint on loopback) the page signs its requests itself with WebCrypto.
 *
 * Screenshots of every step: test-output/screenshots/cloud-upload/.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { adminApi } from './support/api';
import { browserSpec } from './support/browser';
import { watchCsp } from './support/csp';
import { currentPage, drawer, eventually, expectPath, formItem, openMenu, settled, signIn } from './support/admin';

// s3rver ships no types
// eslint-disable-next-line @typescript-eslint/no-require-imports
const S3rver = require('s3rver') as new (options: object) => { run(): Promise<AddressInfo>; close(): Promise<void> };

// eslint-disable-next-line @typescript-eslint/no-require-imports
const s3rverAccounts = require('s3rver/lib/models/account') as { DUMMY_ACCOUNT: { createKeyPair(id: string, secret: string): void } };

const { test } = browserSpec('cloud-upload');
const TEMP = { id: 'ASIABROWSERTEMP', secret: 'browser-temporary-secret', token: 'browser-session-token' };

const CORS = `<CORSConfiguration><CORSRule><AllowedOrigin>*</AllowedOrigin><AllowedMethod>GET</AllowedMethod><AllowedMethod>PUT</AllowedMethod><AllowedMethod>POST</AllowedMethod><AllowedMethod>DELETE</AllowedMethod><AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader></CORSRule></CORSConfiguration>`;

let s3rver: InstanceType<typeof S3rver>;
let endpoint = '';
let dir = '';
let sts: Server;
let stsUrl = '';

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'wms-cloud-browser-'));
  s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: join(dir, 'bucket'), configureBuckets: [{ name: 'wms', configs: [CORS] }, { name: 'nocors' }] });
  endpoint = `http://127.0.0.1:${(await s3rver.run()).port}`;
  s3rverAccounts.DUMMY_ACCOUNT.createKeyPair(TEMP.id, TEMP.secret);
  // AssumeRole as AWS STS and MinIO answer it
  sts = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const expiration = new Date(Date.now() + 900_000).toISOString();
      response.setHeader('Content-Type', 'text/xml');
      response.end(
        '<AssumeRoleResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/"><AssumeRoleResult><Credentials>' +
          `<AccessKeyId>${TEMP.id}</AccessKeyId><SecretAccessKey>${TEMP.secret}</SecretAccessKey><SessionToken>${TEMP.token}</SessionToken>` +
          `<Expiration>${expiration}</Expiration></Credentials></AssumeRoleResult></AssumeRoleResponse>`,
      );
    });
  });
  await new Promise<void>((resolve) => sts.listen(0, '127.0.0.1', resolve));
  stsUrl = `http://127.0.0.1:${(sts.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => sts?.close(resolve));
  await s3rver?.close();
  rmSync(dir, { recursive: true, force: true });
});

test('a brand logo over 5 MB goes straight into the bucket in slices and shows from there', async ({ page, context, step, shot, adminPassword, pageErrors }) => {
  // the page's CSP lets it talk to the bucket of the settings and show images from it
  const violations = await watchCsp(context, page);
  const api = await adminApi(adminPassword);
  const settings = {
    upload_mode: 'cloud',
    upload_maxsize: '20mb',
    upload_cloud_endpoint: endpoint,
    upload_cloud_bucket: 'wms',
    upload_cloud_region: 'us-east-1',
    upload_cloud_access_key: 'S3RVER',
    upload_cloud_secret_key: 'browser-spec-secret',
    upload_cloud_path_style: '1',
    upload_cloud_public_url: '',
    upload_cloud_sts_endpoint: '',
  };
  // noise does not compress: a PNG of more than 5 MB, so the browser sends two slices
  const logo = join(dir, 'big logo.png');
  const noise = Buffer.alloc(1400 * 1400 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = Math.imul(i, 2654435761) >>> 24;
  await sharp(noise, { raw: { width: 1400, height: 1400, channels: 3 } }).png({ compressionLevel: 0 }).toFile(logo);

  try {
    await step('cloud mode configured', async () => {
      await api.post('routine.Config', 'edit', settings);
    });

    await step('signed in, brand form open', async () => {
      await signIn(page, adminPassword);
      await settled(page);
      await openMenu(page, '基础资料', '品牌');
      await expectPath(page, '/admin/wms/brand');
      await settled(page);
      await currentPage(page).locator('[data-crud=add]').click();
      await drawer(page).waitFor();
    });

    let url = '';
    await step('logo uploaded into the bucket', async () => {
      const form = drawer(page);
      const parts: string[] = [];
      page.on('request', (request) => {
        if (request.url().startsWith(endpoint) && request.method() === 'PUT') parts.push(request.url());
      });
      const callback = page.waitForResponse((res) => res.url().endsWith('/admin/Cos/callback'), { timeout: 60_000 });
      await formItem(form, '品牌标志').locator('input[type=file]').setInputFiles(logo);
      const answer = await (await callback).json();
      expect(answer).toMatchObject({ code: 1, data: { file: { storage: 's3', width: 1400, height: 1400, topic: 'brand', name: 'big logo.png' } } });
      url = answer.data.file.url;
      expect(url).toMatch(new RegExp(`^${endpoint}/wms/storage/brand/\\d{8}/big_logo[0-9a-f]{40}\\.png$`));
      // two slices of the multipart upload, sent by the browser itself
      expect(parts.filter((p) => /[?&]partNumber=\d/.test(p)).length).toBe(2);
      const image = form.locator('.arco-upload-list-item-picture img');
      await eventually(async () => expect(await image.getAttribute('src')).toBe(url), 20_000);
      await eventually(async () => expect(await image.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBe(1400), 20_000);
      await shot('logo from the bucket');
    });

    await step('the attachment is listed', async () => {
      const list = await api.get('routine.Attachment', 'index', { quickSearch: 'big logo' });
      expect(list.list[0]).toMatchObject({ storage: 's3', url });
    });

    await step('a bucket without CORS: the failure is shown, nothing recorded', async () => {
      await api.post('routine.Config', 'edit', { upload_cloud_bucket: 'nocors' });
      await page.reload();
      await settled(page);
      await currentPage(page).locator('[data-crud=add]').click();
      const form = drawer(page);
      await form.waitFor();
      const small = join(dir, 'small.png');
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ff8800' } }).png().toFile(small);
      await formItem(form, '品牌标志').locator('input[type=file]').setInputFiles(small);
      await page.locator('.arco-notification').filter({ hasText: '无法连接云存储：请检查网络，或请管理员检查存储桶的 CORS 规则' }).waitFor({ timeout: 30_000 });
      await eventually(async () => expect(await form.locator('.arco-upload-list-item').count()).toBe(0));
      await shot('failure shown');
      const list = await api.get('routine.Attachment', 'index', { quickSearch: 'small' });
      expect(list.total).toBe(0);
    });
    expect(await violations()).toEqual([]);
    expect(pageErrors).toEqual([]);
  } finally {
    await api.post('routine.Config', 'edit', { upload_mode: 'local' });
  }
});

test('sts mode: the page signs its requests to the bucket with the temporary credentials', async ({ page, context, step, shot, adminPassword, pageErrors }) => {
  const violations = await watchCsp(context, page);
  const api = await adminApi(adminPassword);
  const logo = join(dir, 'sts logo.png');
  await sharp({ create: { width: 20, height: 10, channels: 3, background: '#2266aa' } }).png().toFile(logo);
  try {
    await step('cloud mode with an STS configured', async () => {
      await api.post('routine.Config', 'edit', {
        upload_mode: 'cloud',
        upload_cloud_endpoint: endpoint,
        upload_cloud_bucket: 'wms',
        upload_cloud_region: 'us-east-1',
        upload_cloud_access_key: 'S3RVER',
        upload_cloud_secret_key: 'browser-spec-secret',
        upload_cloud_path_style: '1',
        upload_cloud_sts_endpoint: stsUrl,
      });
      await signIn(page, adminPassword);
      await settled(page);
      await openMenu(page, '基础资料', '品牌');
      await settled(page);
      await currentPage(page).locator('[data-crud=add]').click();
      await drawer(page).waitFor();
    });

    await step('logo uploaded with signed requests', async () => {
      const seen: Array<Promise<{ method: string; authorization: string; token: string }>> = [];
      page.on('request', (request) => {
        if (!request.url().startsWith(endpoint) || request.method() === 'OPTIONS' || request.method() === 'GET') return;
        seen.push(request.allHeaders().then((headers) => ({ method: request.method(), authorization: headers.authorization ?? '', token: headers['x-amz-security-token'] ?? '' })));
      });
      const callback = page.waitForResponse((res) => res.url().endsWith('/admin/Cos/callback'), { timeout: 60_000 });
      await formItem(drawer(page), '品牌标志').locator('input[type=file]').setInputFiles(logo);
      const answer = await (await callback).json();
      expect(answer).toMatchObject({ code: 1, data: { file: { storage: 's3', width: 20, height: 10, name: 'sts logo.png' } } });
      // create, one slice, complete: each signed in the page with the temporary key, never the server's
      const signed = await Promise.all(seen);
      expect(signed.map((r) => r.method)).toEqual(['POST', 'PUT', 'POST']);
      for (const request of signed) {
        expect(request.authorization).toMatch(new RegExp(`^AWS4-HMAC-SHA256 Credential=${TEMP.id}/\\d{8}/us-east-1/s3/aws4_request, SignedHeaders=host;x-amz-content-sha256;x-amz-date;x-amz-security-token, Signature=[0-9a-f]{64}$`));
        expect(request.token).toBe(TEMP.token);
      }
      await eventually(async () => expect(await drawer(page).locator('.arco-upload-list-item-picture img').getAttribute('src')).toBe(answer.data.file.url));
      await shot('signed upload done');
    });
    expect(await violations()).toEqual([]);
    expect(pageErrors).toEqual([]);
  } finally {
    await api.post('routine.Config', 'edit', { upload_mode: 'local', upload_cloud_sts_endpoint: '' });
  }
});
