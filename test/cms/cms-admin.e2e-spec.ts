import { TestApp } from '../setup/create-test-app';
import { http, login } from '../support/api';
import { adminWith, CmsAdmin, cmsAdmin, Row, seedSite } from './cms-fixtures';
import { adminSpec } from '../support/admin-spec';

/** The content pages of the back office: channels, content and its audit, tags, friendly links, exports. */
describe('content management (admin cms.*)', () => {
  let t: TestApp;
  let admin: CmsAdmin;

  adminSpec({
    ready: (fixture) => {
      ({ t } = fixture);
      admin = cmsAdmin(fixture.t, fixture.session);
    },
  });

  it('answers every action only to a signed-in admin holding its rule', async () => {
    const anonymous = await http(t).get('/admin/cms.Content/index').set('think-lang', 'en');
    expect(anonymous.body).toMatchObject({ code: 302 });
    const reader = cmsAdmin(t, await adminWith(t, 'reader', ['cms', 'cms/content', 'cms/content/index', 'cms/channel/index']));
    expect((await reader.get('/admin/cms.Content/index')).body.code).toBe(1);
    for (const [method, url] of [
      ['post', '/admin/cms.Content/add'],
      ['post', '/admin/cms.Content/audit'],
      ['get', '/admin/cms.Content/export'],
      ['post', '/admin/cms.Channel/add'],
      ['get', '/admin/cms.Comment/index'],
      ['post', '/admin/cms.Comment/audit'],
      ['get', '/admin/cms.Tags/index'],
      ['get', '/admin/cms.FriendlyLink/index'],
      ['get', '/admin/cms.SearchLog/index'],
      ['get', '/admin/routine.MessageTemplate/index'],
    ] as const) {
      const res = method === 'post' ? await reader.post(url, { id: 1 }) : await reader.get(url);
      expect([url, res.body.code]).toEqual([url, 401]);
    }
  });

  it('keeps channels as a tree, refusing a parent below itself and deleting only empty channels', async () => {
    const { news, company, guides, article } = await seedSite(admin);
    const tree = await admin.list('Channel');
    expect(tree.list.map((n: Row) => [n.name, (n.children ?? []).map((c: Row) => c.name)])).toEqual([
      ['Guides', []],
      ['News', ['Company']],
    ]);
    expect((await admin.get('/admin/cms.Channel/index?select=true')).body.data.options.map((o: Row) => o.name)).toEqual(['Guides', 'News', '└ Company']);
    expect((await admin.post('/admin/cms.Channel/edit', { id: news.id, pid: company.id })).body).toMatchObject({
      code: 0,
      msg: 'A channel cannot be placed under itself or one of its sub-channels',
    });
    expect((await admin.post('/admin/cms.Channel/add', { name: 'X', pid: 999 })).body).toMatchObject({ code: 0, msg: 'The selected Parent channel does not exist' });
    expect((await admin.remove('Channel', [news.id])).body).toMatchObject({ code: 0, msg: 'Channel "News" still has sub-channels and cannot be deleted' });
    expect((await admin.remove('Channel', [company.id, news.id])).body).toMatchObject({ code: 0, msg: 'Channel "News" still holds content and cannot be deleted' });
    // content listed in a further channel keeps that channel too
    await admin.edit('Content', { id: article.id, channel_ids: [guides.id] });
    expect((await admin.remove('Channel', [guides.id])).body.msg).toBe('Channel "Guides" still holds content and cannot be deleted');
    expect((await admin.remove('Channel', [company.id])).body).toMatchObject({ code: 1, data: { count: 1 } });
  });

  it('stores content with every field, a sanitised body, plain-text titles and numbers for enumerations', async () => {
    const { news, guides } = await seedSite(admin);
    const tag = await admin.add('Tags', { name: 'warehouse' });
    const session = await login(t);
    const created = await admin.add('Content', {
      channel_id: String(news.id),
      channel_ids: `${guides.id}`,
      title: 'Stock day < 3 days & more',
      title_style: '#FF0000 bold',
      flag: ['2', 4],
      images: ['/storage/a.png', 'https://cdn.example.com/b.jpg'],
      content:
        '<p onclick="steal()">Body <b>bold</b><script>alert(1)</script></p><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">bad</a><a href="https://example.com" target="_blank">good</a><iframe src="https://evil"></iframe><img src="data:image/png;base64,AAAA">',
      seotitle: 'SEO',
      keywords: 'stock,day',
      description: 'About the stock day',
      tags: [tag.id],
      url: '',
      target: 2,
      price: '12.5',
      currency: '2',
      allow_visit_groups: 2,
      allow_comment_groups: 0,
      status: 0,
      weigh: 7,
      views: 999,
      user_id: 5,
      admin_id: 77,
    });
    expect(created).toMatchObject({
      channel_id: news.id,
      channel_ids: [guides.id],
      title: 'Stock day < 3 days & more',
      title_style: '#ff0000 bold',
      flag: [2, 4],
      images: '/storage/a.png,https://cdn.example.com/b.jpg',
      tags: [tag.id],
      target: 2,
      price: '12.50',
      currency: 2,
      allow_visit_groups: 2,
      allow_comment_groups: 0,
      status: 0,
      weigh: 7,
      views: 0,
      user_id: 0,
      admin_id: session.id,
      publish_time: null,
      channel: { id: news.id, name: 'News' },
      admin: { username: 'admin' },
      user: null,
    });
    expect(created.content).toBe(
      '<p>Body <b>bold</b></p><img src="x" /><a>bad</a><a href="https://example.com" target="_blank" rel="noopener noreferrer">good</a><img />',
    );
    expect(created.create_time).toBeGreaterThan(0);
    // the list leaves bodies out; edit keeps the status (it changes through the audit)
    const listed = (await admin.list('Content', `quickSearch=Stock`)).list;
    expect(listed).toHaveLength(1);
    expect(listed[0]).not.toHaveProperty('content');
    const edited = await admin.edit('Content', { id: created.id, title: 'Stock day', status: 1, content: '<h2 style="color:red">Hi</h2>' });
    expect(edited).toMatchObject({ title: 'Stock day', status: 0, content: '<h2>Hi</h2>' });
    // flags are searched as a set
    expect((await admin.list('Content', 'search[0][field]=flag&search[0][val]=4&search[0][operator]=FIND_IN_SET')).list.map((r: Row) => r.id)).toEqual([created.id]);
  });

  it('answers why a content form is refused', async () => {
    const { news } = await seedSite(admin);
    const refusal = async (row: object) => (await admin.post('/admin/cms.Content/add', { channel_id: news.id, title: 'T', ...row })).body;
    expect(await refusal({ title: '' })).toMatchObject({ code: 0, msg: 'Please enter Title' });
    expect(await refusal({ channel_id: 999 })).toMatchObject({ code: 0, msg: 'The selected Channel does not exist' });
    expect(await refusal({ channel_ids: [news.id, 998] })).toMatchObject({ code: 0, msg: 'The selected More channels does not exist' });
    expect(await refusal({ tags: [5] })).toMatchObject({ code: 0, msg: 'The selected Tags does not exist' });
    expect(await refusal({ status: 2 })).toMatchObject({ code: 0, msg: 'Status has an invalid value' });
    expect(await refusal({ flag: [9] })).toMatchObject({ code: 0, msg: 'Flags has an invalid value' });
    expect(await refusal({ target: 7 })).toMatchObject({ code: 0, msg: 'Link target has an invalid value' });
    expect(await refusal({ allow_comment_groups: 3 })).toMatchObject({ code: 0, msg: 'Who may comment has an invalid value' });
    expect(await refusal({ url: 'javascript:alert(1)' })).toMatchObject({ code: 0, msg: 'URL must be an http(s) address or a path on this site' });
    expect(await refusal({ images: ['//evil.example/x.png'] })).toMatchObject({ code: 0 });
    expect(await refusal({ title_style: 'color:red;background:url(x)' })).toMatchObject({ code: 0, msg: 'The title style must be a colour like #ff0000 and/or bold' });
    expect(await refusal({ price: '-1' })).toMatchObject({ code: 0 });
    const zh = await admin.post('/admin/cms.Content/add', { channel_id: news.id, title: 'T', status: 2 }).set('think-lang', 'zh-cn');
    expect(zh.body).toMatchObject({ code: 0, msg: '状态的取值无效' });
    expect((await admin.list('Content')).total).toBe(1);
  });

  it('audits content: a refusal needs a reason, transitions are checked, publishing stamps the time', async () => {
    const { news } = await seedSite(admin);
    const draft = await admin.add('Content', { channel_id: news.id, title: 'Draft', status: 0 });
    expect((await admin.audit(draft.id, 2)).body).toMatchObject({ code: 0, msg: 'Say why the content is refused: the author reads the reason' });
    expect((await admin.audit(draft.id, 2, '   ')).body.code).toBe(0);
    expect((await admin.audit(draft.id, 3)).body).toMatchObject({ code: 0, msg: 'Content that is Unaudited cannot become Offline' });
    expect((await admin.audit(draft.id, 0)).body).toMatchObject({ code: 0, msg: 'An audit can publish, refuse or take content offline only' });
    expect((await admin.audit(999, 1)).body.code).toBe(0);
    const refused = await admin.audit(draft.id, 2, 'Too short');
    expect(refused.body).toMatchObject({ code: 1, msg: 'Audit saved', data: { status: 2, memo: 'Too short', publish_time: null } });
    expect((await admin.audit(draft.id, 2, 'again')).body).toMatchObject({ code: 0, msg: 'The content is already Refused' });
    const published = (await admin.audit(draft.id, 1)).body.data;
    expect(published).toMatchObject({ status: 1, memo: '' });
    expect(published.publish_time).toBeGreaterThan(0);
    const offline = (await admin.audit(draft.id, 3, 'Outdated')).body.data;
    expect(offline).toMatchObject({ status: 3, memo: 'Outdated', publish_time: published.publish_time });
    const zh = await admin.audit(draft.id, 2, 'x').set('think-lang', 'zh-cn');
    expect(zh.body).toMatchObject({ code: 0, msg: '已下线的内容不能改为已拒绝' });
  });

  it('keeps tag names unique, refuses to delete a tag in use, and exports lists as CSV', async () => {
    const { news } = await seedSite(admin);
    const tag = await admin.add('Tags', { name: 'stock' });
    expect((await admin.post('/admin/cms.Tags/add', { name: 'stock' })).body).toMatchObject({ code: 0, msg: 'The tag "stock" already exists' });
    await admin.add('Content', { channel_id: news.id, title: 'Tagged', tags: [tag.id] });
    expect((await admin.remove('Tags', [tag.id])).body).toMatchObject({ code: 0, msg: 'Tag "stock" is still used by content and cannot be deleted' });

    const link = await admin.add('FriendlyLink', { title: 'Partner', link: 'https://partner.example.com', target: 1 });
    expect(link).toMatchObject({ title: 'Partner', target: 1, status: 1 });
    expect((await admin.post('/admin/cms.FriendlyLink/add', { title: 'Bad', link: 'javascript:alert(1)' })).body).toMatchObject({
      code: 0,
      msg: 'Link must be an http(s) address or a path on this site',
    });

    const csv = await admin.get('/admin/cms.Content/export?quickSearch=Tagged');
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.text.replace(/^\uFEFF/, '').trim().split('\n');
    expect(lines[0]).toContain('Title,Channel,Flags,Status');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Tagged,News,,Published');
    const zh = await admin.get('/admin/cms.Tags/export').set('think-lang', 'zh-cn');
    expect(zh.text).toContain('名称');
    expect(zh.text).toContain('stock,显示');
  });
});
