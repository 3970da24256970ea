import { TestApp } from '../setup/create-test-app';
import { as, createAdmin, login, Session } from '../support/api';
import { adminSpec } from '../support/admin-spec';
import { anonymous, asMember, createMember, memberLogin, MemberSession } from '../support/member';

type Row = Record<string, any>;

/** Paid content (POST /api/cms/buy, cms.PayLog) and content models (cms.ContentModel, the channel's extra fields). */
describe('paid content and content models', () => {
  let t: TestApp;
  let session: Session;
  let member: MemberSession;
  let memberId: number;
  let news: Row;

  adminSpec({ ready: (fixture) => ({ t, session } = fixture) });
  beforeEach(async () => {
    memberId = await createMember(t, { username: 'buyer', money: 1000, score: 25 });
    member = await memberLogin(t, 'buyer');
    news = await add('Channel', { name: 'News' });
  });

  const admin = () => as(t, session);
  async function add(controller: string, row: object): Promise<Row> {
    const { body } = await as(t, session).post(`/admin/cms.${controller}/add`, row);
    if (body.code !== 1) throw new Error(JSON.stringify(body));
    return body.data;
  }
  const balances = async () => {
    const [row] = await t.dataSource.query('SELECT money, score FROM `user` WHERE id = ?', [memberId]);
    return { money: Number(row.money), score: Number(row.score) };
  };
  const count = async (sql: string, params: unknown[] = []) => Number((await t.dataSource.query(sql, params))[0].n);

  it('withholds the body of paid content until the member buys it, takes the balance through its log, once', async () => {
    const paid = await add('Content', { channel_id: news.id, title: 'Deep dive', content: '<p>The secret</p>', price: '3.50', currency: 1 });
    const free = await add('Content', { channel_id: news.id, title: 'Free read', content: '<p>Open</p>' });
    expect((await anonymous(t).get(`/api/cms/content?id=${paid.id}`)).body.data).toMatchObject({ content: '', locked: true, bought: false, price: '3.50' });
    expect((await asMember(t, member).get(`/api/cms/content?id=${paid.id}`)).body.data).toMatchObject({ content: '', locked: true });
    expect((await asMember(t, member).get(`/api/cms/content?id=${free.id}`)).body.data).toMatchObject({ content: '<p>Open</p>', locked: false, bought: false });

    const bought = await asMember(t, member).post('/api/cms/buy', { id: paid.id });
    expect(bought.body).toMatchObject({ code: 1, data: { content_id: paid.id, currency: 1, amount: '3.50' } });
    expect(await balances()).toEqual({ money: 650, score: 25 });
    expect((await asMember(t, member).get(`/api/cms/content?id=${paid.id}`)).body.data).toMatchObject({ content: '<p>The secret</p>', locked: false, bought: true });
    const logs = (await asMember(t, member).get('/api/account/balance')).body.data;
    expect(logs.list[0]).toMatchObject({ money: '-3.50', before: '10.00', after: '6.50' });

    expect((await asMember(t, member).post('/api/cms/buy', { id: paid.id })).body).toMatchObject({ code: 0, msg: 'You have already bought this content' });
    expect((await asMember(t, member).post('/api/cms/buy', { id: free.id })).body).toMatchObject({ code: 0, msg: 'This content is free to read' });
    expect(await balances()).toEqual({ money: 650, score: 25 });
    const payLog = (await admin().get(`/admin/cms.PayLog/index?user_id=${memberId}`)).body.data;
    expect(payLog.list).toEqual([expect.objectContaining({ content_id: paid.id, title: 'Deep dive', currency: 1, amount: '3.50', user: expect.objectContaining({ username: 'buyer' }) })]);
  });

  it('takes the score for integral content; not enough of it refuses the whole purchase', async () => {
    const cheap = await add('Content', { channel_id: news.id, title: 'Points', content: '<p>P</p>', price: '20', currency: 2 });
    const dear = await add('Content', { channel_id: news.id, title: 'Dear', content: '<p>D</p>', price: '20.00', currency: 2 });
    const rich = await add('Content', { channel_id: news.id, title: 'Rich', content: '<p>R</p>', price: '99.99', currency: 1 });
    expect((await asMember(t, member).post('/api/cms/buy', { id: cheap.id })).body).toMatchObject({ code: 1, data: { amount: '20.00', currency: 2 } });
    expect(await balances()).toEqual({ money: 1000, score: 5 });
    expect((await asMember(t, member).post('/api/cms/buy', { id: dear.id })).body).toMatchObject({ code: 0, msg: 'Insufficient score: the member has 5 points left' });
    expect((await asMember(t, member).post('/api/cms/buy', { id: rich.id })).body).toMatchObject({ code: 0, msg: 'Insufficient balance: the member has 10.00 left' });
    expect(await balances()).toEqual({ money: 1000, score: 5 });
    expect(await count('SELECT COUNT(*) AS n FROM cms_pay_log')).toBe(1);
    expect(await count('SELECT COUNT(*) AS n FROM user_score_log WHERE user_id = ?', [memberId])).toBe(1);
    // a fraction of a point rounds up
    const odd = await add('Content', { channel_id: news.id, title: 'Odd', content: '<p>O</p>', price: '1.50', currency: 2 });
    expect((await asMember(t, member).post('/api/cms/buy', { id: odd.id })).body).toMatchObject({ code: 1, data: { amount: '2.00', currency: 2 } });
    expect(await balances()).toEqual({ money: 1000, score: 3 });
  });

  it('charges once under concurrent buys of the same content, and all of several when the balance allows', async () => {
    const paid = await add('Content', { channel_id: news.id, title: 'Hot', content: '<p>H</p>', price: '2.00', currency: 1 });
    const answers = await Promise.all(Array.from({ length: 12 }, () => asMember(t, member).post('/api/cms/buy', { id: paid.id })));
    expect(answers.filter((r) => r.body.code === 1)).toHaveLength(1);
    expect(answers.filter((r) => r.body.code !== 1).every((r) => r.body.msg === 'You have already bought this content')).toBe(true);
    expect(await balances()).toEqual({ money: 800, score: 25 });
    expect(await count('SELECT COUNT(*) AS n FROM user_money_log WHERE user_id = ?', [memberId])).toBe(1);

    // five items at 3.00 each against 8.00 left: exactly two succeed, the balance never goes below zero
    const items = await Promise.all([1, 2, 3, 4, 5].map((i) => add('Content', { channel_id: news.id, title: `Item ${i}`, content: '<p>x</p>', price: '3.00', currency: 1 })));
    const buys = await Promise.all(items.map((item) => asMember(t, member).post('/api/cms/buy', { id: item.id })));
    expect(buys.filter((r) => r.body.code === 1)).toHaveLength(2);
    expect(await balances()).toEqual({ money: 200, score: 25 });
    expect(await count('SELECT COUNT(*) AS n FROM cms_pay_log WHERE user_id = ?', [memberId])).toBe(3);
    const chain: Row[] = await t.dataSource.query('SELECT `before`, `after`, money FROM user_money_log WHERE user_id = ? ORDER BY id', [memberId]);
    for (let i = 1; i < chain.length; i++) expect(Number(chain[i].before)).toBe(Number(chain[i - 1].after));
  });

  it('needs a signed-in member and valid input', async () => {
    const paid = await add('Content', { channel_id: news.id, title: 'Paid', content: '<p>x</p>', price: '1.00' });
    expect((await anonymous(t).post('/api/cms/buy', { id: paid.id })).body.code).toBe(302);
    expect((await asMember(t, member).post('/api/cms/buy', { id: 'x' })).body.code).toBe(0);
    expect((await asMember(t, member).post('/api/cms/buy', { id: 99999 })).body.code).toBe(0);
    const zh = await asMember(t, member).post('/api/cms/buy', { id: paid.id }).set('think-lang', 'zh-cn');
    expect(zh.body.code).toBe(1);
    expect((await asMember(t, member).post('/api/cms/buy', { id: paid.id }).set('think-lang', 'zh-cn')).body).toMatchObject({ code: 0, msg: '您已购买过该内容' });
  });

  it('content models: checked fields, attached to channels, the content of such a channel carries and validates them', async () => {
    const book = await add('ContentModel', {
      name: 'Book',
      fields: [
        { name: 'author', title: 'Author', type: 'text', required: true },
        { name: 'pages', title: 'Pages', type: 'number' },
        { name: 'format', title: 'Format', type: 'select', options: ['paper', 'ebook'], required: true },
        { name: 'cover', title: 'Cover', type: 'image' },
      ],
    });
    expect(book.fields).toHaveLength(4);
    const books = await add('Channel', { name: 'Books', model_id: book.id });
    expect((await admin().get(`/admin/cms.Content/modelFields?channel_id=${books.id}`)).body.data).toMatchObject({ model: { id: book.id, name: 'Book' }, fields: [{ name: 'author', required: true }, {}, { options: ['paper', 'ebook'] }, {}] });
    expect((await admin().get(`/admin/cms.Content/modelFields?channel_id=${news.id}`)).body.data).toEqual({ model: null, fields: [] });

    const refused = async (row: object) => (await admin().post('/admin/cms.Content/add', { channel_id: books.id, title: 'A book', ...row })).body;
    expect(await refused({ extra: { format: 'paper' } })).toMatchObject({ code: 0, msg: 'Please enter Author' });
    expect(await refused({ extra: { author: 'Ann', format: 'vinyl' } })).toMatchObject({ code: 0, msg: 'Format must be one of its options' });
    expect(await refused({ extra: { author: 'Ann', format: 'paper', pages: 'many' } })).toMatchObject({ code: 0, msg: 'Pages must be a number' });
    expect(await refused({ extra: { author: 'Ann', format: 'paper', cover: 'javascript:alert(1)' } })).toMatchObject({ code: 0, msg: 'Cover is not valid' });
    expect(await refused({ extra: 'text' })).toMatchObject({ code: 0 });
    const zh = await admin().post('/admin/cms.Content/add', { channel_id: books.id, title: 'A book', extra: {} }).set('think-lang', 'zh-cn');
    expect(zh.body).toMatchObject({ code: 0, msg: '请输入Author' });

    const item = await add('Content', { channel_id: books.id, title: 'A book', content: '<p>b</p>', extra: { author: 'Ann', pages: '320', format: 'ebook', junk: 'x' } });
    expect(item.extra).toEqual({ author: 'Ann', pages: 320, format: 'ebook' });
    // an edit without the values keeps them; moving to a channel without a model clears them
    expect((await admin().post('/admin/cms.Content/edit', { id: item.id, title: 'A good book' })).body.data.extra).toEqual({ author: 'Ann', pages: 320, format: 'ebook' });
    const site = (await anonymous(t).get(`/api/cms/content?id=${item.id}`)).body.data;
    expect(site.extra.map((f: Row) => [f.name, f.value])).toEqual([['author', 'Ann'], ['pages', 320], ['format', 'ebook'], ['cover', null]]);
    expect((await admin().post('/admin/cms.Content/edit', { id: item.id, channel_id: news.id })).body.data.extra).toBeNull();

    // bad models, and a model in use is kept
    const bad = async (fields: unknown) => (await admin().post('/admin/cms.ContentModel/add', { name: 'Bad', fields })).body;
    expect(await bad([{ name: 'Has Space', type: 'text' }])).toMatchObject({ code: 0, msg: 'Field name "Has Space" must be lower-case letters, digits or "_", starting with a letter' });
    expect(await bad([{ name: 'a', type: 'select' }])).toMatchObject({ code: 0, msg: 'Select field "a" needs 1 to 50 options of at most 50 characters' });
    expect(await bad([{ name: 'a', type: 'text' }, { name: 'a', type: 'number' }])).toMatchObject({ code: 0, msg: 'Field name "a" is used twice' });
    expect(await bad('nope')).toMatchObject({ code: 0 });
    expect((await admin().post('/admin/cms.Channel/add', { name: 'X', model_id: 999 })).body).toMatchObject({ code: 0, msg: 'The selected Content model does not exist' });
    expect((await admin().del(`/admin/cms.ContentModel/del?ids[]=${book.id}`)).body).toMatchObject({ code: 0, msg: 'Content model "Book" is used by channel "Books" and cannot be deleted' });
  });

  it("member contributions carry and validate the channel's model fields as the back office does; nothing written when refused", async () => {
    const book = await add('ContentModel', {
      name: 'Book',
      fields: [
        { name: 'author', title: 'Author', type: 'text', required: true },
        { name: 'pages', title: 'Pages', type: 'number' },
        { name: 'format', title: 'Format', type: 'select', options: ['paper', 'ebook'], required: true },
      ],
    });
    const books = await add('Channel', { name: 'Books', model_id: book.id });
    const hidden = await add('Channel', { name: 'Hidden', model_id: book.id, status: 0 });
    const mine = () => asMember(t, member);
    const contents = () => count('SELECT COUNT(*) AS n FROM cms_content');

    // the form's fields: a shown channel's model (as the back office's form has them), none without one
    expect((await mine().get(`/api/cms/modelFields?channel_id=${books.id}`)).body.data).toEqual({
      model: { id: book.id, name: 'Book' },
      fields: [
        { name: 'author', title: 'Author', type: 'text', options: [], required: true },
        { name: 'pages', title: 'Pages', type: 'number', options: [], required: false },
        { name: 'format', title: 'Format', type: 'select', options: ['paper', 'ebook'], required: true },
      ],
    });
    expect((await mine().get(`/api/cms/modelFields?channel_id=${news.id}`)).body.data).toEqual({ model: null, fields: [] });
    expect((await mine().get(`/api/cms/modelFields?channel_id=${hidden.id}`)).body).toMatchObject({ code: 0, msg: 'The selected Channel does not exist' });
    expect((await anonymous(t).get(`/api/cms/modelFields?channel_id=${books.id}`)).body.code).toBe(302);

    const contribution = { channel_id: books.id, title: 'My book', content: '<p>About it</p>' };
    const refused = async (extra: unknown, lang = 'en') => (await mine().post('/api/cms/contribute', { ...contribution, extra }).set('think-lang', lang)).body;
    expect(await refused({ format: 'paper' })).toMatchObject({ code: 0, msg: 'Please enter Author' });
    expect(await refused({ format: 'paper' }, 'zh-cn')).toMatchObject({ code: 0, msg: '请输入Author' });
    expect(await refused(undefined)).toMatchObject({ code: 0, msg: 'Please enter Author' });
    expect(await refused({ author: 'Ann', format: 'vinyl' })).toMatchObject({ code: 0, msg: 'Format must be one of its options' });
    expect(await refused({ author: 'Ann', format: 'paper', pages: 'many' })).toMatchObject({ code: 0, msg: 'Pages must be a number' });
    expect((await refused('text')).code).toBe(0);
    expect(await contents()).toBe(0);

    const sent = await mine().post('/api/cms/contribute', { ...contribution, extra: { author: 'Ann', pages: '320', format: 'ebook', junk: 'x' } });
    expect(sent.body).toMatchObject({ code: 1, data: { status: 0 } }); // unaudited
    const id = sent.body.data.id;
    expect((await mine().get(`/api/cms/contributions?id=${id}`)).body.data.row).toMatchObject({ channel_id: books.id, title: 'My book', extra: { author: 'Ann', pages: 320, format: 'ebook' } });
    expect((await admin().get(`/admin/cms.Content/edit?id=${id}`)).body.data.row.extra).toEqual({ author: 'Ann', pages: 320, format: 'ebook' });

    // a revision: values refused leave the stored ones; none sent keeps them; new ones replace them
    expect((await mine().post('/api/cms/contribute', { ...contribution, id, extra: { author: '', format: 'paper' } })).body).toMatchObject({ code: 0, msg: 'Please enter Author' });
    expect((await mine().post('/api/cms/contribute', { ...contribution, id, title: 'My book, revised' })).body.code).toBe(1);
    expect((await mine().get(`/api/cms/contributions?id=${id}`)).body.data.row).toMatchObject({ title: 'My book, revised', extra: { author: 'Ann', pages: 320, format: 'ebook' } });
    expect((await mine().post('/api/cms/contribute', { ...contribution, id, extra: { author: 'Bo', format: 'paper' } })).body.code).toBe(1);
    expect((await mine().get(`/api/cms/contributions?id=${id}`)).body.data.row.extra).toEqual({ author: 'Bo', format: 'paper' });
    // moved to a channel without a model: the values go, as in the back office
    expect((await mine().post('/api/cms/contribute', { ...contribution, id, channel_id: news.id })).body.code).toBe(1);
    expect((await mine().get(`/api/cms/contributions?id=${id}`)).body.data.row.extra).toBeNull();
    expect(await contents()).toBe(1);
  });

  it('keeps the pay log and models to admins holding their rules', async () => {
    await createAdmin(t, 'clerk', ['cms/payLog/index']);
    const clerk = as(t, await login(t, 'clerk'));
    expect((await clerk.get('/admin/cms.PayLog/index')).body.code).toBe(1);
    expect((await clerk.get('/admin/cms.ContentModel/index')).body.code).toBe(401);
    expect((await clerk.post('/admin/cms.ContentModel/add', { name: 'x', fields: [] })).body.code).toBe(401);
  });
});
