import { TestApp } from '../setup/create-test-app';
import { as, createAdmin, login, Session } from '../support/api';
import { adminSpec } from '../support/admin-spec';
import { anonymous } from '../support/member';

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

  it('answers the showing adverts of a position in order: enabled, within their schedule', async () => {
    const home = await add('AdvertPosition', { name: 'home', title: 'Home banner', width: 1200, height: 300 });
    const other = await add('AdvertPosition', { name: 'member', title: 'Member center' });
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
    const home = await add('AdvertPosition', { name: 'home', title: 'Home' });
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
    const home = await add('AdvertPosition', { name: 'home', title: 'Home' });
    const refused = async (controller: string, row: object) => (await admin().post(`/admin/cms.${controller}/add`, row)).body;
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
