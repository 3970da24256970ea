import { TestApp } from '../setup/create-test-app';
import { as, createAdmin, login, Session } from '../support/api';
import { adminSpec } from '../support/admin-spec';
import { anonymous } from '../support/member';
import { DefaultAdvertPositions1764007200000 } from '../../migrations/1764007200000-default-advert-positions';
import { withMigrationsTakenBack } from '../support/migrations';

type Row = Record<string, any>;

/** Advert positions and adverts (cms.AdvertPosition, cms.Advert) and the site's reads (/api/cms/adverts, advertClick). */
describe('adverts (cms.AdvertPosition, cms.Advert, /api/cms/adverts)', () => {
  let t: TestApp;
  let session: Session;

  adminSpec({ ready: (fixture) => ({ t, session } = fixture) });

  const admin = () => as(t, session);
  const add = async (controller: string, row: object): Promise<Row> => {
    const { body } = await admin().post(`/admin/cms.${controller}/add`, row);
    if (body.code !== 1) throw new Error(JSON.stringify(body));
    return body.data;
  };
  const now = () => Math.floor(Date.now() / 1000);

  /** A position of the seed, by name. */
  const seeded = async (name: string): Promise<Row> => {
    const { body } = await admin().get(`/admin/cms.AdvertPosition/index?search[0][field]=name&search[0][val]=${name}&search[0][operator]=eq`);
    expect(body.data.list).toHaveLength(1);
    return body.data.list[0];
  };

  it('a fresh site has the positions the web app shows adverts in (home page, member center), titled in both languages', async () => {
    const { body } = await admin().get('/admin/cms.AdvertPosition/index');
    expect(body.code).toBe(1);
    expect(body.data.list.map((r: Row) => ({ name: r.name, title: r.title, width: r.width, height: r.height })).sort((a: Row, b: Row) => a.name.localeCompare(b.name))).toEqual([
      { name: 'home', title: '首页横幅 · Home page banner', width: 1200, height: 300 },
      { name: 'member', title: '会员中心横幅 · Member center banner', width: 1200, height: 200 },
    ]);
    // what the home page and the member center ask for: an empty list, not "the position does not exist"
    for (const position of ['home', 'member']) {
      const res = await anonymous(t).get(`/api/cms/adverts?position=${position}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ code: 1, data: { position: { name: position }, list: [] } });
    }
  });

  it('the migration adds the positions to an installed site and takes out only its own untouched, empty ones', async () => {
    const names = async (): Promise<string[]> => (await t.dataSource.query('SELECT name FROM cms_advert_position ORDER BY name')).map((r: Row) => r.name);
    const home = await seeded('home');
    await add('Advert', { position_id: home.id, title: 'Kept', link: 'https://example.com/kept' });
    await withMigrationsTakenBack(t.dataSource, DefaultAdvertPositions1764007200000, async (runner) => {
      // home holds an advert: kept; member was empty and as seeded: removed
      expect(await names()).toEqual(['home']);
      // up() here and once more when the helper applies the migrations again: twice changes nothing, a name already there is left alone
      await new DefaultAdvertPositions1764007200000().up(runner);
    });
    expect(await names()).toEqual(['home', 'member']);
    expect((await seeded('member')).title).toBe('会员中心横幅 · Member center banner');
    // a position the site renamed is its own: down() leaves it
    await admin().post('/admin/cms.AdvertPosition/edit', { id: (await seeded('member')).id, title: 'Our member banner' });
    await withMigrationsTakenBack(t.dataSource, DefaultAdvertPositions1764007200000, async () => {
      expect((await t.dataSource.query('SELECT name, title FROM cms_advert_position ORDER BY name')).map((r: Row) => `${r.name}:${r.title}`)).toEqual(['home:首页横幅 · Home page banner', 'member:Our member banner']);
    });
  });

  it('answers the showing adverts of a position in order: enabled, within their schedule', async () => {
    const home = await seeded('home');
    await admin().post('/admin/cms.AdvertPosition/edit', { id: home.id, title: 'Home banner' });
    const other = await seeded('member');
    const low = await add('Advert', { position_id: home.id, title: 'Low', image: '/storage/a.png', link: 'https://example.com/low', weigh: 1 });
    const high = await add('Advert', { position_id: home.id, title: 'High', image: '/storage/b.png', link: 'http://example.com/high', weigh: 9 });
    await add('Advert', { position_id: home.id, title: 'Off', link: 'https://example.com/off', status: 0 });
    await add('Advert', { position_id: home.id, title: 'Later', link: 'https://example.com/later', start_time: now() + 3600 });
    await add('Advert', { position_id: home.id, title: 'Over', link: 'https://example.com/over', start_time: now() - 7200, end_time: now() - 3600 });
    await add('Advert', { position_id: other.id, title: 'Elsewhere', link: 'https://example.com/else' });

    const { body } = await anonymous(t).get('/api/cms/adverts?position=home');
    expect(body.code).toBe(1);
    expect(body.data.position).toEqual({ name: 'home', title: 'Home banner', width: 1200, height: 300 });
    expect(body.data.list).toEqual([
      { id: high.id, title: 'High', image: '/storage/b.png', link: 'http://example.com/high' },
      { id: low.id, title: 'Low', image: '/storage/a.png', link: 'https://example.com/low' },
    ]);
    expect((await anonymous(t).get('/api/cms/adverts?position=nowhere')).body).toMatchObject({ code: 0, msg: 'The advert position does not exist' });
    const list = (await admin().get(`/admin/cms.Advert/index?position_id=${home.id}`)).body.data;
    expect(list.total).toBe(5);
    expect(list.list[0].position).toMatchObject({ name: 'home' });
  });

  it('counts every click once, concurrent ones too, and answers the link; a hidden advert is not clicked', async () => {
    const home = await add('AdvertPosition', { name: 'sidebar', title: 'Home' });
    const advert = await add('Advert', { position_id: home.id, title: 'Sale', link: 'https://example.com/sale' });
    const off = await add('Advert', { position_id: home.id, title: 'Off', link: 'https://example.com/off', status: 0 });
    expect((await anonymous(t).get(`/api/cms/advertClick?id=${advert.id}`)).body).toMatchObject({ code: 1, data: { url: 'https://example.com/sale' } });
    const answers = await Promise.all(Array.from({ length: 20 }, () => anonymous(t).get(`/api/cms/advertClick?id=${advert.id}`)));
    expect(answers.every((r) => r.body.code === 1)).toBe(true);
    expect((await admin().get(`/admin/cms.Advert/edit?id=${advert.id}`)).body.data.row.clicks).toBe(21);
    expect((await anonymous(t).get(`/api/cms/advertClick?id=${off.id}`)).body).toMatchObject({ code: 0, msg: 'The advert is not showing' });
    expect((await admin().get(`/admin/cms.Advert/edit?id=${off.id}`)).body.data.row.clicks).toBe(0);
    expect((await anonymous(t).get('/api/cms/advertClick?id=abc')).body.code).toBe(0);
    // clicks are the site's: an edit does not write them
    await admin().post('/admin/cms.Advert/edit', { id: advert.id, clicks: 0, title: 'Sale!' });
    expect((await admin().get(`/admin/cms.Advert/edit?id=${advert.id}`)).body.data.row).toMatchObject({ clicks: 21, title: 'Sale!' });
  });

  it('refuses bad input with translated messages: a taken name, a non-http link, a missing position, a reversed schedule, a used position', async () => {
    const home = await add('AdvertPosition', { name: 'sidebar', title: 'Home' });
    const refused = async (controller: string, row: object) => (await admin().post(`/admin/cms.${controller}/add`, row)).body;
    expect(await refused('AdvertPosition', { name: 'sidebar', title: 'Again' })).toMatchObject({ code: 0, msg: 'The advert position "sidebar" already exists' });
    // the seeded names are taken too
    expect(await refused('AdvertPosition', { name: 'home', title: 'Again' })).toMatchObject({ code: 0, msg: 'The advert position "home" already exists' });
    expect((await refused('AdvertPosition', { name: 'bad name', title: 'x' })).code).toBe(0);
    expect(await refused('Advert', { position_id: home.id, title: 'x', link: 'javascript:alert(1)' })).toMatchObject({ code: 0, msg: 'The link must be an http:// or https:// address' });
    expect((await refused('Advert', { position_id: home.id, title: 'x', link: '/local/page' })).code).toBe(0);
    expect((await refused('Advert', { position_id: home.id, title: 'x', link: 'https://e.com', image: 'javascript:x' })).code).toBe(0);
    expect(await refused('Advert', { position_id: 999, title: 'x', link: 'https://e.com' })).toMatchObject({ code: 0, msg: 'The selected Advert position does not exist' });
    expect(await refused('Advert', { position_id: home.id, title: 'x', link: 'https://e.com', start_time: 2000, end_time: 1000 })).toMatchObject({ code: 0, msg: 'The end time must be after the start time' });
    const zh = await admin().post('/admin/cms.Advert/add', { position_id: home.id, title: 'x', link: 'ftp://e.com' }).set('think-lang', 'zh-cn');
    expect(zh.body).toMatchObject({ code: 0, msg: '链接须为 http:// 或 https:// 地址' });
    await add('Advert', { position_id: home.id, title: 'x', link: 'https://e.com' });
    expect((await admin().del(`/admin/cms.AdvertPosition/del?ids[]=${home.id}`)).body).toMatchObject({ code: 0, msg: 'Advert position "Home" still holds adverts and cannot be deleted' });
  });

  it('keeps the back office to admins holding the rules', async () => {
    await createAdmin(t, 'viewer', ['cms/advert/index']);
    const viewer = as(t, await login(t, 'viewer'));
    expect((await viewer.get('/admin/cms.Advert/index')).body.code).toBe(1);
    expect((await viewer.post('/admin/cms.Advert/add', { title: 'x' })).body.code).toBe(401);
    expect((await viewer.get('/admin/cms.AdvertPosition/index')).body.code).toBe(401);
    expect((await anonymous(t).get('/admin/cms.Advert/index')).body.code).not.toBe(1);
  });
});
