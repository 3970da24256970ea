import { UserGroupEntity } from '../../src/modules/accounts/member/persistence/user-group.entity';
import { UserRuleEntity } from '../../src/modules/accounts/member/persistence/user-rule.entity';
import { CmsSiteReader } from '../../src/modules/cms/queries/cms-site/cms-site.reader';
import { QueryCounter } from '../../src/shared/database/query-counter';
import { TestApp } from '../setup/create-test-app';
import { anonymous, asMember, createMember, memberLogin, MemberSession } from '../support/member';
import { CmsAdmin, cmsAdmin, Row } from './cms-fixtures';
import { adminSpec } from '../support/admin-spec';

/** The site's content (/api/cms/*): home, channel, content, search, comments and contributions. */
describe('content on the site (/api/cms)', () => {
  let t: TestApp;
  let admin: CmsAdmin;
  let member: MemberSession;
  let news: Row, company: Row, hidden: Row;

  adminSpec({
    ready: (fixture) => {
      ({ t } = fixture);
      admin = cmsAdmin(fixture.t, fixture.session);
    },
  });
  beforeEach(async () => {
    news = await admin.add('Channel', { name: 'News' });
    company = await admin.add('Channel', { name: 'Company', pid: news.id });
    hidden = await admin.add('Channel', { name: 'Hidden', status: 0 });
    await createMember(t, { username: 'reader', email: 'reader@example.com' });
    member = await memberLogin(t, 'reader');
  });

  const publish = (row: object) => admin.add('Content', { channel_id: news.id, status: 1, ...row });
  const visitor = () => anonymous(t);

  it('shows only published content of shown channels on the home page, with flags, links and searches', async () => {
    const top = await publish({ title: 'Top story', flag: [1, 3], weigh: 50 });
    await publish({ title: 'Hot item', flag: [2], channel_id: company.id });
    await publish({ title: 'Draft', status: 0, flag: [1] });
    await publish({ title: 'Tomorrow', flag: [1], publish_time: Math.floor(Date.now() / 1000) + 86400 });
    await publish({ title: 'In hidden channel', channel_id: hidden.id, flag: [1] });
    await admin.add('FriendlyLink', { title: 'Partner', link: 'https://partner.example.com' });
    await admin.add('FriendlyLink', { title: 'Off', link: 'https://off.example.com', status: 0 });
    await visitor().get('/api/cms/search?keywords=story');

    const { body } = await visitor().get('/api/cms/index');
    expect(body.code).toBe(1);
    const titles = (list: Row[]) => list.map((r) => r.title);
    expect(titles(body.data.top)).toEqual(['Top story']);
    expect(titles(body.data.hot)).toEqual(['Hot item']);
    expect(titles(body.data.recommend)).toEqual(['Top story']);
    expect(titles(body.data.latest).sort()).toEqual(['Hot item', 'Top story']);
    expect(body.data.top[0]).toMatchObject({ id: top.id, channel: { id: news.id, name: 'News' }, flag: [1, 3], target: 1, allow_visit_groups: 1 });
    expect(body.data.top[0]).not.toHaveProperty('content');
    expect(body.data.channels.map((c: Row) => [c.name, (c.children ?? []).map((x: Row) => x.name)])).toEqual([['News', ['Company']]]);
    expect(body.data.friendlyLinks).toEqual([expect.objectContaining({ title: 'Partner', link: 'https://partner.example.com', target: 1 })]);
    expect(body.data.hotSearches).toEqual(['story']);
  });

  it('reads the home page and a channel page in a fixed number of statements, however much is published', async () => {
    const site = t.app.get(CmsSiteReader);
    // rows written straight to the table: no admin request (and its log entry) runs while statements are counted
    const insert = (count: number, channelId: number) =>
      t.dataSource.query(
        `INSERT INTO cms_content (channel_id, title, flag, status, publish_time, create_time, content) VALUES ${Array.from({ length: count }, () => "(?, 'Bulk', '1,2,3,4', 1, 1, 1, '')").join(', ')}`,
        Array.from({ length: count }, () => channelId),
      );
    await insert(1, news.id);
    const measure = async () => [
      (await QueryCounter.measure(() => site.home())).queries,
      (await QueryCounter.measure(() => site.channel(news.id, { page: 1, limit: 10 }))).queries,
    ];
    const few = await measure();
    await insert(12, company.id);
    await insert(12, news.id);
    expect(await measure()).toEqual(few);
    expect(few).toEqual([8, 3]);
  });

  it('pages a channel with its sub-channels and the content listed in it through further channels', async () => {
    for (let i = 1; i <= 3; i++) await publish({ title: `News ${i}` });
    await publish({ title: 'Company news', channel_id: company.id });
    await publish({ title: 'Elsewhere', channel_id: hidden.id, channel_ids: [company.id] });
    const other = await admin.add('Channel', { name: 'Other' });
    await publish({ title: 'Cross-listed', channel_id: other.id, channel_ids: [news.id] });

    const first = (await visitor().get(`/api/cms/channel?id=${news.id}&page=1&limit=4`)).body.data;
    expect(first).toMatchObject({ channel: { id: news.id, name: 'News' }, path: [{ id: news.id }], children: [{ id: company.id, name: 'Company' }], total: 5 });
    expect(first.list).toHaveLength(4);
    const second = (await visitor().get(`/api/cms/channel?id=${news.id}&page=2&limit=4`)).body.data;
    expect(second.list).toHaveLength(1);
    const sub = (await visitor().get(`/api/cms/channel?id=${company.id}`)).body.data;
    expect(sub.path.map((p: Row) => p.name)).toEqual(['News', 'Company']);
    expect(sub.list.map((r: Row) => r.title)).toEqual(['Company news']);
    expect((await visitor().get(`/api/cms/channel?id=${hidden.id}`)).body).toMatchObject({ code: 0, msg: 'This channel does not exist or is hidden' });
    expect((await visitor().get('/api/cms/channel?id=abc')).body.code).toBe(0);
  });

  it('counts a view per read and keeps members-only content from visitors', async () => {
    const open = await publish({ title: 'Open', content: '<p>For all</p>' });
    const members = await publish({ title: 'Members', content: '<p>Secret</p>', allow_visit_groups: 2 });
    const draft = await publish({ title: 'Draft', status: 0 });
    const first = (await visitor().get(`/api/cms/content?id=${open.id}`)).body.data;
    expect(first).toMatchObject({ id: open.id, title: 'Open', content: '<p>For all</p>', views: 1, tags: [], author: '' });
    expect((await visitor().get(`/api/cms/content?id=${open.id}`)).body.data.views).toBe(2);

    const refused = await visitor().get(`/api/cms/content?id=${members.id}`);
    expect(refused.body).toMatchObject({ code: 0, msg: 'Only signed-in members may read this content: please sign in', data: { needLogin: true } });
    const zh = await visitor().get(`/api/cms/content?id=${members.id}`).set('think-lang', 'zh-cn');
    expect(zh.body.msg).toBe('该内容仅限登录会员浏览，请先登录');
    expect((await asMember(t, member).get(`/api/cms/content?id=${members.id}`)).body.data).toMatchObject({ content: '<p>Secret</p>', views: 1 });
    expect((await admin.row('Content', members.id)).views).toBe(1);
    expect((await visitor().get(`/api/cms/content?id=${draft.id}`)).body).toMatchObject({ code: 0, msg: 'This content does not exist or is not published' });
  });

  it('searches published titles, keywords and descriptions and logs every search', async () => {
    await publish({ title: '100% stock', keywords: 'ledger' });
    await publish({ title: 'Shelves', description: 'How the ledger works' });
    await publish({ title: 'Hidden ledger', status: 0 });
    const found = (await visitor().get('/api/cms/search?keywords=ledger')).body.data;
    expect(found.list.map((r: Row) => r.title).sort()).toEqual(['100% stock', 'Shelves']);
    expect(found.total).toBe(2);
    // LIKE wildcards match only themselves
    expect((await visitor().get('/api/cms/search?keywords=%25')).body.data.list.map((r: Row) => r.title)).toEqual(['100% stock']);
    await visitor().get('/api/cms/search?keywords=LEDGER');
    expect((await visitor().get('/api/cms/search?keywords=%20%20')).body).toMatchObject({ code: 0, msg: 'Please enter what to search for' });
    const log = await admin.list('SearchLog');
    expect(log.list.map((r: Row) => [r.keywords, r.count])).toEqual([
      ['ledger', 2],
      ['%', 1],
    ]);
    const csv = await admin.get('/admin/cms.SearchLog/export');
    expect(csv.text).toContain('ledger,2');
    expect((await admin.remove('SearchLog', [log.list[1].id])).body).toMatchObject({ code: 1, data: { count: 1 } });
  });

  it('takes comments where the comment group allows them; they show after the audit', async () => {
    const everyone = await publish({ title: 'Everyone', allow_comment_groups: 1 });
    const membersOnly = await publish({ title: 'Members', allow_comment_groups: 2 });
    const closed = await publish({ title: 'Closed', allow_comment_groups: 0 });

    expect((await visitor().post('/api/cms/comment', { content_id: closed.id, content: 'Hi' })).body).toMatchObject({ code: 0, msg: 'Comments are turned off for this content' });
    expect((await asMember(t, member).post('/api/cms/comment', { content_id: closed.id, content: 'Hi' })).body.msg).toBe('Comments are turned off for this content');
    expect((await visitor().post('/api/cms/comment', { content_id: membersOnly.id, content: 'Hi' })).body).toMatchObject({
      code: 0,
      msg: 'Only signed-in members may comment on this content: please sign in',
      data: { needLogin: true },
    });
    expect((await asMember(t, member).post('/api/cms/comment', { content_id: everyone.id, content: '   ' })).body).toMatchObject({ code: 0, msg: 'Please write a comment' });
    expect((await asMember(t, member).post('/api/cms/comment', { content_id: everyone.id, content: 'x'.repeat(1001) })).body.msg).toBe('A comment may have at most 1000 characters');

    const xss = '<img src=x onerror="alert(1)"><script>alert(2)</script> nice';
    const posted = await asMember(t, member).post('/api/cms/comment', { content_id: everyone.id, content: xss });
    expect(posted.body).toMatchObject({ code: 1, msg: 'Thank you: your comment will show once it has been reviewed', data: { status: 0 } });
    expect((await asMember(t, member).post('/api/cms/comment', { content_id: everyone.id, content: 'again' })).body).toMatchObject({
      code: 0,
      msg: 'You are commenting too often: please wait 10 seconds',
    });
    const byVisitor = await visitor().post('/api/cms/comment', { content_id: everyone.id, content: 'From a visitor', nickname: 'Guest' });
    expect(byVisitor.body.code).toBe(1);

    // not shown before the audit
    expect((await visitor().get(`/api/cms/comment?content_id=${everyone.id}`)).body.data).toEqual({ list: [], total: 0 });
    const pending = await admin.list('Comment', `status=0&content_id=${everyone.id}`);
    expect(pending.list.map((r: Row) => [r.content, r.post.title])).toEqual([
      ['From a visitor', 'Everyone'],
      [xss, 'Everyone'],
    ]);
    expect((await admin.post('/admin/cms.Comment/audit', { ids: [posted.body.data.id], status: 5 })).body).toMatchObject({ code: 0, msg: 'A comment can only be shown or refused' });
    const audited = await admin.post('/admin/cms.Comment/audit', { ids: [posted.body.data.id, byVisitor.body.data.id], status: 1 });
    expect(audited.body).toMatchObject({ code: 1, data: { count: 2 } });
    const shown = (await visitor().get(`/api/cms/comment?content_id=${everyone.id}`)).body.data;
    // the text comes back as it was typed: the page renders it as text, never as HTML
    expect(shown.list.map((r: Row) => [r.author, r.content])).toEqual([
      ['reader', xss],
      ['Guest', 'From a visitor'],
    ]);
    expect((await admin.row('Content', everyone.id)).comments).toBe(2);
    await admin.post('/admin/cms.Comment/audit', { id: byVisitor.body.data.id, status: 2, memo: 'spam' });
    expect((await admin.row('Content', everyone.id)).comments).toBe(1);
    expect((await admin.remove('Comment', [posted.body.data.id])).body.code).toBe(1);
    expect((await admin.row('Content', everyone.id)).comments).toBe(0);

    const mine = (await asMember(t, member).get('/api/cms/comments')).body.data;
    expect(mine.total).toBe(0);
    const csv = await admin.get('/admin/cms.Comment/export');
    expect(csv.text).toContain('From a visitor');
  });

  it('lets one of many comments sent at the same moment through, per member and per address', async () => {
    const open = await publish({ title: 'Open', allow_comment_groups: 1 });
    const send = (as: ReturnType<typeof visitor>) => as.post('/api/cms/comment', { content_id: open.id, content: 'at once', nickname: 'Guest' });
    const byMember = await Promise.all(Array.from({ length: 8 }, () => send(asMember(t, member))));
    expect(byMember.map((r) => r.body.code).sort()).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    for (const refused of byMember.filter((r) => r.body.code === 0)) expect(refused.body.msg).toBe('You are commenting too often: please wait 10 seconds');
    const byVisitor = await Promise.all(Array.from({ length: 8 }, () => send(visitor())));
    expect(byVisitor.filter((r) => r.body.code === 1)).toHaveLength(1);
    const [{ n }] = await t.dataSource.query('SELECT COUNT(*) AS n FROM cms_comment WHERE content_id = ?', [open.id]);
    expect(Number(n)).toBe(2);
  });

  it('takes contributions from members whose group holds the rule; they enter unaudited', async () => {
    const contribution = { channel_id: news.id, title: 'My tip', content: '<p>Use <b>bins</b></p><script>x()</script>' };
    expect((await visitor().post('/api/cms/contribute', contribution)).body.code).toBe(302);

    // a group without the `cms/contributions/contribute` rule
    const rules = await t.dataSource.getRepository(UserRuleEntity).find();
    const readOnly = rules.filter((r) => r.name !== 'cms/contributions/contribute').map((r) => r.id).join(',');
    const group = await t.dataSource.getRepository(UserGroupEntity).insert({ name: 'Readers', rules: readOnly, status: 1 });
    await createMember(t, { username: 'plain', groupId: group.identifiers[0].id });
    const plain = await memberLogin(t, 'plain');
    expect((await asMember(t, plain).post('/api/cms/contribute', contribution)).body).toMatchObject({ code: 0, msg: 'Your member group may not contribute content' });
    expect((await asMember(t, plain).post('/api/cms/contribute', contribution).set('think-lang', 'zh-cn')).body.msg).toBe('您所在的会员分组没有投稿权限');
    expect((await asMember(t, plain).get('/api/cms/contributions')).body.code).toBe(1);

    const sent = await asMember(t, member).post('/api/cms/contribute', contribution);
    expect(sent.body).toMatchObject({ code: 1, data: { status: 0 } });
    const id = sent.body.data.id;
    expect(await admin.row('Content', id)).toMatchObject({ status: 0, user_id: member.id, admin_id: 0, content: '<p>Use <b>bins</b></p>', user: { username: 'reader' } });
    expect((await visitor().get(`/api/cms/content?id=${id}`)).body.code).toBe(0);
    expect((await asMember(t, member).post('/api/cms/contribute', { ...contribution, channel_id: hidden.id })).body).toMatchObject({ code: 0, msg: 'The selected Channel does not exist' });
    expect((await asMember(t, member).post('/api/cms/contribute', { ...contribution, content: '<script>only()</script>' })).body.msg).toBe('The content of a contribution cannot be empty');

    await admin.audit(id, 2, 'Add a picture');
    const mine = (await asMember(t, member).get('/api/cms/contributions')).body.data;
    expect(mine.list).toEqual([expect.objectContaining({ id, title: 'My tip', status: 2, memo: 'Add a picture', channel: 'News' })]);
    expect((await asMember(t, member).get(`/api/cms/contributions?id=${id}`)).body.data.row).toMatchObject({ id, content: '<p>Use <b>bins</b></p>' });
    // a revision goes back to the audit; someone else's cannot be revised
    expect((await asMember(t, plain).get(`/api/cms/contributions?id=${id}`)).body.code).toBe(0);
    const revised = await asMember(t, member).post('/api/cms/contribute', { ...contribution, id, title: 'My tip, with a picture' });
    expect(revised.body).toMatchObject({ code: 1, data: { id, status: 0 } });
    expect(await admin.row('Content', id)).toMatchObject({ title: 'My tip, with a picture', status: 0, memo: '' });
    await admin.audit(id, 1);
    expect((await visitor().get(`/api/cms/content?id=${id}`)).body.data).toMatchObject({ title: 'My tip, with a picture', author: 'reader' });
    expect((await asMember(t, member).post('/api/cms/contribute', { ...contribution, id })).body).toMatchObject({ code: 0, msg: 'This contribution is Published and can no longer be changed' });
  });
});
