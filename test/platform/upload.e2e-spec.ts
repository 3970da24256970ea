import { existsSync, readdirSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { dataDir } from '../../ormconfig';
import { TestApp } from '../setup/create-test-app';
import { as, createAdmin, http, login, Session } from '../support/api';
import { createMember, memberLogin } from '../support/member';
import { publicSpec } from '../support/public-spec';

/**
 * `ajax/upload`: the checks in their order with their messages,
 * the saved name, images that must decode, de-duplication by sha1 + topic + storage, the files served back
 * at /storage, names that never leave the upload folder, and routine.Attachment.
 */
const UPLOAD = '/admin/ajax/upload';
const uploads = () => join(dataDir(), 'uploads');
const fileOf = (url: string) => join(uploads(), url);

async function png(width = 4, height = 3, background = '#ff0000'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();
}

describe('ajax/upload and routine.Attachment', () => {
  let t: TestApp;
  let root: Session;

  const setConfig = (name: string, value: string) => t.dataSource.query('UPDATE config SET value = ? WHERE name = ?', [value, name]);
  const send = (buffer: Buffer, filename: string, contentType?: string, fields: Record<string, string> = {}, lang = 'en') => {
    const req = http(t).post(UPLOAD).set('batoken', root.token).set('think-lang', lang);
    for (const [key, value] of Object.entries(fields)) req.field(key, value);
    return req.attach('file', buffer, contentType ? { filename, contentType } : { filename });
  };
  const rowsOf = async () => t.dataSource.query('SELECT * FROM attachment ORDER BY id');

  publicSpec({ ready: (fixture) => ({ t } = fixture) });
  beforeEach(async () => {
    rmSync(uploads(), { recursive: true, force: true });
    root = await login(t);
  });

  describe('who may upload', () => {
    it('needs a signed-in admin on /admin and a signed-in member on /api', async () => {
      const anonymous = await http(t).post(UPLOAD).set('think-lang', 'en').attach('file', Buffer.from('x'), 'a.txt');
      expect(anonymous.body).toMatchObject({ code: 302, data: { routePath: '/admin/login' } });
      const member = await http(t).post('/api/ajax/upload').set('think-lang', 'en').attach('file', Buffer.from('x'), 'a.txt');
      expect(member.body.code).toBe(302);
      expect(await rowsOf()).toHaveLength(0);
    });

    it('lets a signed-in member upload through /api/ajax/upload, recorded as theirs', async () => {
      await createMember(t, { username: 'buyer1' });
      const member = await memberLogin(t, 'buyer1');
      const res = await http(t).post('/api/ajax/upload').set('ba-user-token', member.token).set('think-lang', 'en').field('topic', 'avatar').attach('file', await png(2, 2), 'me.png');
      expect(res.body).toMatchObject({ code: 1, msg: 'File uploaded successfully', data: { file: { user_id: member.id, admin_id: 0, topic: 'avatar', width: 2 } } });
      // the same checks on the member side
      const refused = await http(t).post('/api/ajax/upload').set('ba-user-token', member.token).set('think-lang', 'en').attach('file', Buffer.from('MZ'), 'a.exe');
      expect(refused.body).toMatchObject({ code: 0, msg: 'The type of uploaded file is not allowed!' });
      // an admin token is no member token
      expect((await http(t).post('/api/ajax/upload').set('ba-user-token', root.token).attach('file', Buffer.from('x'), 'a.txt')).body.code).not.toBe(1);
    });

    it('needs no permission rule (an admin without routine nodes may upload)', async () => {
      await createAdmin(t, 'clerk', ['wms/product', 'wms/product/index']);
      const clerk = await login(t, 'clerk');
      const res = await http(t).post(UPLOAD).set('batoken', clerk.token).set('think-lang', 'en').attach('file', Buffer.from('hello'), 'note.txt');
      expect(res.body).toMatchObject({ code: 1, msg: 'File uploaded successfully' });
      // but the attachment list is permission-checked
      expect((await as(t, clerk).get('/admin/routine.Attachment/index')).body.code).toBe(401);
    });
  });

  describe('the checks, in order', () => {
    it('1. a file with a name and a size', async () => {
      const none = await http(t).post(UPLOAD).set('batoken', root.token).set('think-lang', 'en').field('topic', 'default');
      expect(none.body).toMatchObject({ code: 0, msg: 'The data of the uploaded file is incomplete!' });
      expect((await send(Buffer.alloc(0), 'empty.txt')).body).toMatchObject({ code: 0, msg: 'The data of the uploaded file is incomplete!' });
      const wrongField = await http(t).post(UPLOAD).set('batoken', root.token).set('think-lang', 'en').attach('upload', Buffer.from('x'), 'a.txt');
      expect(wrongField.body).toMatchObject({ code: 0, msg: 'The data of the uploaded file is incomplete!' });
      expect((await send(Buffer.alloc(0), 'empty.txt', undefined, {}, 'zh-cn')).body).toMatchObject({ code: 0, msg: '上传文件的数据不完整！' });
    });

    it('2. a type the settings allow: suffixes with or without a dot, MIME types, type/*, or *', async () => {
      const refused = await send(Buffer.from('MZ'), 'tool.exe', 'application/x-msdownload');
      expect(refused.body).toMatchObject({ code: 0, msg: 'The type of uploaded file is not allowed!' });
      expect((await send(Buffer.from('MZ'), 'tool.exe', 'application/x-msdownload', {}, 'zh-cn')).body.msg).toBe('不允许上传此类型的文件！');

      await setConfig('upload_mimetype', '.pdf, application/json ,audio/*');
      expect((await send(Buffer.from('%PDF-1.4'), 'a.PDF', 'application/octet-stream')).body.code).toBe(1);
      expect((await send(Buffer.from('{}'), 'data.bin', 'application/json')).body.code).toBe(1);
      expect((await send(Buffer.from('ID3'), 'song.xyz', 'audio/mpeg')).body.code).toBe(1);
      expect((await send(Buffer.from('x'), 'a.txt', 'text/plain')).body.msg).toBe('The type of uploaded file is not allowed!');
      // a name without a suffix never matches a suffix entry
      await setConfig('upload_mimetype', 'file');
      expect((await send(Buffer.from('x'), 'README', 'application/octet-stream')).body.msg).toBe('The type of uploaded file is not allowed!');

      await setConfig('upload_mimetype', '*');
      expect((await send(Buffer.from('MZ'), 'tool.exe', 'application/x-msdownload')).body.code).toBe(1);
    });

    it('3. a size within the configured maximum; the type is checked first', async () => {
      await setConfig('upload_maxsize', '1kb');
      expect((await send(Buffer.alloc(1024, 'a'), 'fits.txt', 'text/plain')).body.code).toBe(1);
      const large = await send(Buffer.alloc(1025, 'b'), 'large.txt', 'text/plain');
      expect(large.body).toMatchObject({ code: 0, msg: 'The size of the uploaded file exceeds the allowed range!' });
      expect((await send(Buffer.alloc(1025, 'b'), 'large.txt', 'text/plain', {}, 'zh-cn')).body.msg).toBe('上传文件的大小超出允许范围！');
      // too large and of a refused type: the type message comes first
      expect((await send(Buffer.alloc(4096, 'c'), 'large.exe', 'application/x-msdownload')).body.msg).toBe('The type of uploaded file is not allowed!');
      expect(await rowsOf()).toHaveLength(1);
      // nothing is left behind in the temporary folder
      const incoming = join(uploads(), '.incoming');
      expect(existsSync(incoming) ? readdirSync(incoming) : []).toEqual([]);
    });

    it('4. images (by MIME type or suffix) must decode; their size is recorded', async () => {
      const good = await send(await png(7, 5), 'logo.png', 'image/png');
      expect(good.body).toMatchObject({ code: 1, data: { file: { width: 7, height: 5, mimetype: 'image/png', suffix: 'png' } } });

      expect((await send(Buffer.from('not an image at all'), 'fake.png', 'image/png')).body).toMatchObject({ code: 0, msg: 'fake.png is not a valid image' });
      expect((await send(Buffer.from('not an image'), 'fake.jpg', 'text/plain')).body.msg).toBe('fake.jpg is not a valid image');
      expect((await send(Buffer.from('GIF89a...'), 'notes.txt', 'image/gif')).body.msg).toBe('notes.txt is not a valid image');
      const whole = await png(64, 64, '#123456');
      const truncated = whole.subarray(0, Math.floor(whole.length * 0.6));
      expect((await send(truncated, 'cut.png', 'image/png')).body.msg).toBe('cut.png is not a valid image');
      expect((await send(Buffer.from('x'), 'fake.webp', 'image/webp', {}, 'zh-cn')).body.msg).toBe('fake.webp 不是有效的图片');
      expect(await rowsOf()).toHaveLength(1);
    });
  });

  it('answers the attachment (BuildAdmin shape) and serves the file back from /storage', async () => {
    const content = await png(3, 2);
    const res = await send(content, 'Product photo.png', 'image/png', { topic: 'product' });
    expect(res.body.code).toBe(1);
    const file = res.body.data.file;
    expect(Object.keys(file).sort()).toEqual(
      ['id', 'topic', 'admin_id', 'user_id', 'url', 'width', 'height', 'name', 'size', 'mimetype', 'storage', 'sha1', 'last_upload_time', 'suffix', 'full_url'].sort(),
    );
    expect(file).toMatchObject({ topic: 'product', admin_id: root.id, user_id: 0, name: 'Product photo.png', size: content.length, storage: 'local', suffix: 'png' });
    expect(file.sha1).toMatch(/^[0-9a-f]{40}$/);
    // the default pattern: /storage/{topic}/{year}{mon}{day}/{filename}{filesha1}{.suffix}
    expect(file.url).toMatch(new RegExp(`^/storage/product/\\d{8}/Product_photo${file.sha1}\\.png$`));
    expect(file.full_url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+${file.url}$`));
    expect(existsSync(fileOf(file.url))).toBe(true);

    const served = await http(t).get(file.url).buffer(true);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(served.body as Buffer, content)).toBe(0);

    const [row] = await rowsOf();
    expect(row).toMatchObject({ quote: 1, topic: 'product', url: file.url });
    expect((await http(t).get(file.url.replace('.png', '.gif'))).status).toBe(404);
  });

  it('keeps Chinese names, and serves other files as downloads', async () => {
    const res = await send(Buffer.from('a,b\n1,2\n'), '库存 报表.csv', 'text/csv');
    expect(res.body.data.file).toMatchObject({ name: '库存 报表.csv', suffix: 'csv' });
    expect(res.body.data.file.url).toMatch(/\/库存_报表[0-9a-f]{40}\.csv$/);
    const served = await http(t).get(encodeURI(res.body.data.file.url));
    expect(served.status).toBe(200);
    expect(served.headers['content-disposition']).toBe('attachment');
    expect(served.headers['content-security-policy']).toContain('sandbox');
  });

  describe('de-duplication by sha1 + topic + storage', () => {
    it('answers the uploader’s existing row for the same content and topic, bumping quote and last_upload_time', async () => {
      const content = await png(5, 5);
      const first = (await send(content, 'a.png', 'image/png')).body.data.file;
      await t.dataSource.query('UPDATE attachment SET last_upload_time = 1000 WHERE id = ?', [first.id]);
      const again = await send(content, 'another-name.png', 'image/png');
      expect(again.body).toMatchObject({ code: 1, msg: 'File uploaded successfully', data: { file: { id: first.id, url: first.url, name: 'a.png' } } });
      expect(again.body.data.file.last_upload_time).toBeGreaterThan(1000);
      const rows = await rowsOf();
      expect(rows).toHaveLength(1);
      expect(Number(rows[0].quote)).toBe(2);
      // no second copy on disk
      expect(readdirSync(dirname(fileOf(first.url)))).toHaveLength(1);

      const otherTopic = (await send(content, 'a.png', 'image/png', { topic: 'brand' })).body.data.file;
      expect(otherTopic.id).not.toBe(first.id);
      expect(otherTopic.url).toMatch(/^\/storage\/brand\//);
      expect(await rowsOf()).toHaveLength(2);
    });

    it('replaces a row whose file is gone', async () => {
      const content = Buffer.from('some text');
      const first = (await send(content, 'a.txt', 'text/plain')).body.data.file;
      rmSync(fileOf(first.url));
      const again = (await send(content, 'a.txt', 'text/plain')).body.data.file;
      expect(again.id).not.toBe(first.id);
      expect(existsSync(fileOf(again.url))).toBe(true);
      const rows = await rowsOf();
      expect(rows.map((r: { id: number }) => Number(r.id))).toEqual([again.id]);
      expect(Number(rows[0].quote)).toBe(1);
    });

    it('stores concurrent uploads of the same file once', async () => {
      const content = await png(9, 9);
      const answers = await Promise.all([1, 2, 3, 4].map(() => send(content, 'same.png', 'image/png')));
      expect(answers.map((a) => a.body.code)).toEqual([1, 1, 1, 1]);
      expect(new Set(answers.map((a) => a.body.data.file.id)).size).toBe(1);
      const rows = await rowsOf();
      expect(rows).toHaveLength(1);
      expect(Number(rows[0].quote)).toBe(4);
    });
  });

  describe('storage is shared, ownership never', () => {
    const memberSend = (token: string, buffer: Buffer, filename: string) =>
      http(t).post('/api/ajax/upload').set('ba-user-token', token).set('think-lang', 'en').attach('file', buffer, { filename, contentType: 'text/plain' });

    it('gives a member uploading bytes another member uploaded a row of its own, sharing the stored bytes', async () => {
      await createMember(t, { username: 'alice' });
      await createMember(t, { username: 'mallory' });
      const alice = await memberLogin(t, 'alice');
      const mallory = await memberLogin(t, 'mallory');
      const content = Buffer.from('alice’s private price list');
      const first = (await memberSend(alice.token, content, 'prices-2027.txt')).body.data.file;
      const probe = await memberSend(mallory.token, content, 'guess.txt');
      expect(probe.body.code).toBe(1);
      const copy = probe.body.data.file;
      // mallory's own row: own id, owner, name and URL — nothing of alice's
      expect(copy).toMatchObject({ user_id: mallory.id, admin_id: 0, name: 'guess.txt' });
      expect(copy.id).not.toBe(first.id);
      expect(JSON.stringify(probe.body)).not.toContain('prices-2027');
      // the bytes are stored once: the second name is a hard link to the first file
      expect(statSync(fileOf(copy.url)).ino).toBe(statSync(fileOf(first.url)).ino);
      // an admin uploading the same bytes gets its own row too; the same uploader again counts its own row
      const byAdmin = (await send(content, 'admin-copy.txt', 'text/plain')).body.data.file;
      expect(byAdmin).toMatchObject({ admin_id: root.id, user_id: 0, name: 'admin-copy.txt' });
      expect((await memberSend(alice.token, content, 'again.txt')).body.data.file).toMatchObject({ id: first.id, name: 'prices-2027.txt' });
      const rows = await rowsOf();
      expect(rows.map((r: { user_id: number; admin_id: number; quote: number }) => [Number(r.user_id), Number(r.admin_id), Number(r.quote)])).toEqual([
        [alice.id, 0, 2],
        [mallory.id, 0, 1],
        [0, root.id, 1],
      ]);
      // deleting alice's row leaves mallory's file whole
      expect((await as(t, root).del(`/admin/routine.Attachment/del?ids[]=${first.id}`)).body.code).toBe(1);
      expect((await http(t).get(copy.url)).text).toBe(content.toString());
    });

    it('with a name pattern that gives one URL for one content, the rows share the file, and it goes with the last row', async () => {
      await setConfig('upload_savename', '/storage/{topic}/{filesha1}{.suffix}');
      await createMember(t, { username: 'alice' });
      const alice = await memberLogin(t, 'alice');
      const content = Buffer.from('shared bytes');
      const mine = (await memberSend(alice.token, content, 'a.txt')).body.data.file;
      const theirs = (await send(content, 'b.txt', 'text/plain')).body.data.file;
      expect(theirs).toMatchObject({ url: mine.url, name: 'b.txt', admin_id: root.id });
      expect(theirs.id).not.toBe(mine.id);
      const client = as(t, root);
      expect((await client.del(`/admin/routine.Attachment/del?ids[]=${mine.id}`)).body.code).toBe(1);
      expect(existsSync(fileOf(mine.url))).toBe(true);
      expect((await client.del(`/admin/routine.Attachment/del?ids[]=${theirs.id}`)).body.code).toBe(1);
      expect(existsSync(fileOf(mine.url))).toBe(false);
    });

    it('two admins uploading the same file at once each get their own row and one stored file', async () => {
      await createAdmin(t, 'second', ['dashboard']);
      const other = await login(t, 'second');
      const content = await png(8, 8);
      const upload = (token: string, name: string) => http(t).post(UPLOAD).set('batoken', token).set('think-lang', 'en').attach('file', content, { filename: name, contentType: 'image/png' });
      const [a, b] = await Promise.all([upload(root.token, 'mine.png'), upload(other.token, 'theirs.png')]);
      expect([a.body.data.file.admin_id, a.body.data.file.name]).toEqual([root.id, 'mine.png']);
      expect([b.body.data.file.admin_id, b.body.data.file.name]).toEqual([other.id, 'theirs.png']);
      expect(statSync(fileOf(a.body.data.file.url)).ino).toBe(statSync(fileOf(b.body.data.file.url)).ino);
      expect(await rowsOf()).toHaveLength(2);
    });
  });

  describe('saved names', () => {
    it('fills every placeholder of the pattern and drops a leading slash', async () => {
      await setConfig('upload_savename', '/{topic}/{year}-{mon}-{day}/{hour}{min}{sec}/{random}-{random32}-{filename}-{suffix}-{filesha1}{.suffix}');
      const content = await png(2, 2);
      const file = (await send(content, 'My Logo.PNG', 'image/png', { topic: 'brand' })).body.data.file;
      // a pattern outside storage/ is put below it, so the file is served
      expect(file.url).toMatch(new RegExp(`^/storage/brand/\\d{4}-\\d{2}-\\d{2}/\\d{6}/[A-Za-z0-9]{16}-[A-Za-z0-9]{32}-My_Logo-png-${file.sha1}\\.png$`));
      expect((await http(t).get(file.url)).status).toBe(200);
    });

    it('never overwrites another file when the pattern has no {filesha1}', async () => {
      await setConfig('upload_savename', '/storage/{topic}/{filename}{.suffix}');
      const first = (await send(Buffer.from('first'), 'same.txt', 'text/plain')).body.data.file;
      const second = (await send(Buffer.from('second'), 'same.txt', 'text/plain')).body.data.file;
      expect(first.url).toBe('/storage/default/same.txt');
      expect(second.url).toMatch(/^\/storage\/default\/same-[A-Za-z0-9]{8}\.txt$/);
      expect((await http(t).get(first.url)).text).toBe('first');
      expect((await http(t).get(second.url)).text).toBe('second');
    });

    it('never leaves the upload folder: names, topics, patterns and URLs with ../ are refused or neutralised', async () => {
      const named = (await send(Buffer.from('x1'), '../../../etc/evil.txt', 'text/plain')).body.data.file;
      expect(named.url).toMatch(/^\/storage\/default\/\d{8}\/evil[0-9a-f]{40}\.txt$/);
      const dotted = (await send(Buffer.from('x2'), '..%2f..%2f.htaccess.txt', 'text/plain')).body.data.file;
      expect(dotted.url).not.toContain('..');
      expect(dotted.url).not.toMatch(/\/\.[^/]*$/);

      expect((await send(Buffer.from('x3'), 'a.txt', 'text/plain', { topic: '../x' })).body).toMatchObject({ code: 0, msg: 'The topic must be 1 to 20 lower-case letters, digits or underscores' });
      expect((await send(Buffer.from('x3'), 'a.txt', 'text/plain', { topic: 'A' })).body.code).toBe(0);

      await setConfig('upload_savename', '/storage/../../{filename}{.suffix}');
      expect((await send(Buffer.from('x4'), 'a.txt', 'text/plain')).body).toMatchObject({ code: 0, msg: 'The file name pattern of the upload settings gives an invalid path' });

      // files beside the upload folder are never served
      writeFileSync(join(dataDir(), 'secret.txt'), 'secret');
      mkdirSync(join(uploads(), 'storage'), { recursive: true });
      writeFileSync(join(uploads(), 'storage', '.hidden'), 'hidden');
      for (const path of [
        '/storage/../secret.txt',
        '/storage/%2e%2e/%2e%2e/secret.txt',
        '/storage/..%2f..%2fsecret.txt',
        '/storage/%2e%2e%5c%2e%2e%5csecret.txt',
        '/storage/default/..%2f..%2f..%2fsecret.txt',
        '/storage/.hidden',
        '/storage/%00/secret.txt',
        '/storage/',
      ]) {
        const res = await http(t).get(path);
        expect({ path, status: res.status }).toEqual({ path, status: 404 });
        expect(res.text).not.toContain('secret');
      }
      expect(await rowsOf()).toHaveLength(2);
    });
  });

  describe('routine.Attachment', () => {
    it('lists with search, edits the name and deletes the file with its empty folders', async () => {
      const image = (await send(await png(6, 4), 'photo.png', 'image/png', { topic: 'product' })).body.data.file;
      const text = (await send(Buffer.from('hello'), 'notes.txt', 'text/plain')).body.data.file;
      const client = as(t, root);

      const all = await client.get('/admin/routine.Attachment/index');
      expect(all.body).toMatchObject({ code: 1, data: { total: 2 } });
      expect(all.body.data.list[0]).toMatchObject({ admin: { username: 'admin' }, suffix: expect.any(String), full_url: expect.stringMatching(/^http:/) });
      const byTopic = await client.get('/admin/routine.Attachment/index?search[0][field]=topic&search[0][val]=product&search[0][operator]==');
      expect(byTopic.body.data.list.map((r: { id: number }) => r.id)).toEqual([image.id]);
      const byMime = await client.get('/admin/routine.Attachment/index?search[0][field]=mimetype&search[0][val]=image&search[0][operator]=LIKE');
      expect(byMime.body.data.total).toBe(1);
      expect((await client.get('/admin/routine.Attachment/index?quickSearch=notes')).body.data.list.map((r: { id: number }) => r.id)).toEqual([text.id]);

      const edited = await client.post('/admin/routine.Attachment/edit', { id: text.id, name: 'renamed.txt', url: '/storage/../x', sha1: 'x' });
      expect(edited.body).toMatchObject({ code: 1, data: { name: 'renamed.txt', url: text.url, sha1: text.sha1 } });

      const folder = dirname(fileOf(image.url));
      const res = await client.del(`/admin/routine.Attachment/del?ids[]=${image.id}`);
      expect(res.body).toMatchObject({ code: 1, data: { count: 1 } });
      expect(existsSync(fileOf(image.url))).toBe(false);
      expect(existsSync(folder)).toBe(false);
      expect(existsSync(join(uploads(), 'storage', 'product'))).toBe(false);
      expect(existsSync(fileOf(text.url))).toBe(true);
      expect((await http(t).get(image.url)).status).toBe(404);
      expect((await client.del(`/admin/routine.Attachment/del?ids[]=${image.id}`)).body.code).toBe(0);
    });
  });
});
