import { TestApp } from '../setup/create-test-app';
import { asMember, createMember, memberLogin } from '../support/member';
import { CmsAdmin, cmsAdmin, Row, seedSite } from './cms-fixtures';
import { adminSpec } from '../support/admin-spec';

/**
 * What content forms take: titles, names, keywords and descriptions are plain text (markup refused with a
 * translated message, nothing written); enumerations come as numbers or as the names BuildAdmin's cms client
 * sends (`normal`, `unaudited`, `refused`, `offline`, `_blank`, `_self`, `RMB`, `integral`, `all`, `user`,
 * `disable`, `top`, `hot`, …), and are stored and answered as numbers — in forms, audits and list filters.
 */
describe('content input: plain-text titles and enumerations by name', () => {
  let t: TestApp;
  let admin: CmsAdmin;

  adminSpec({
    ready: (fixture) => {
      ({ t } = fixture);
      admin = cmsAdmin(fixture.t, fixture.session);
    },
  });

  const count = async (table: string) => Number((await t.dataSource.query(`SELECT COUNT(*) AS n FROM ${table}`))[0].n);

  describe('titles and names are plain text', () => {
    it.each([
      ['a content title', 'Content', 'cms_content', 'title', 'Title', '标题', '<b>Big</b> news'],
      ['a content title with a script', 'Content', 'cms_content', 'title', 'Title', '标题', 'News <script>alert(1)</script>'],
      ['a content SEO title', 'Content', 'cms_content', 'seotitle', 'SEO title', 'SEO 标题', '<i>x</i>'],
      ['a content description', 'Content', 'cms_content', 'description', 'Description', '描述', 'An <img src=x onerror=alert(1)> image'],
      ['a channel name', 'Channel', 'cms_channel', 'name', 'Name', '名称', '<a href="x">News</a>'],
      ['a tag name', 'Tags', 'cms_tags', 'name', 'Name', '名称', '</p>stock'],
      ['a friendly link title', 'FriendlyLink', 'cms_friendly_link', 'title', 'Title', '标题', '<!-- x -->Partner'],
    ])('refuses markup in %s, in both languages, writing nothing', async (_what, controller, table, field, en, zh, value) => {
      const { news } = await seedSite(admin);
      const base: Record<string, Row> = {
        Content: { channel_id: news.id, title: 'Plain' },
        Channel: { name: 'Plain' },
        Tags: { name: 'plain' },
        FriendlyLink: { title: 'Plain', link: 'https://partner.example.com' },
      };
      const before = await count(table);
      const body = { ...base[controller], [field]: value };
      expect((await admin.post(`/admin/cms.${controller}/add`, body)).body).toMatchObject({ code: 0, msg: `${en} is plain text: leave out HTML tags such as <b> or <script>` });
      expect((await admin.post(`/admin/cms.${controller}/add`, body).set('think-lang', 'zh-cn')).body).toMatchObject({ code: 0, msg: `${zh}为纯文本，不能包含 <b>、<script> 等 HTML 标签` });
      expect(await count(table)).toBe(before);
    });

    it('keeps a bare < or & as text, and refuses markup on edit too', async () => {
      const { news, article } = await seedSite(admin);
      const created = await admin.add('Content', { channel_id: news.id, title: 'Stock < 10 & falling', description: 'costs < 5 € & rising' });
      expect(created).toMatchObject({ title: 'Stock < 10 & falling', description: 'costs < 5 € & rising' });
      expect((await admin.post('/admin/cms.Content/edit', { id: article.id, title: '<h1>Loud</h1>' })).body).toMatchObject({ code: 0, msg: 'Title is plain text: leave out HTML tags such as <b> or <script>' });
      expect((await admin.row('Content', article.id)).title).toBe('Warehouse opens');
    });

    it('refuses markup in a member’s contribution title and a comment’s nickname', async () => {
      const { news, article } = await seedSite(admin);
      await admin.edit('Content', { id: article.id, allow_comment_groups: 'all' });
      await createMember(t, { username: 'writer', email: 'writer@example.com' });
      const writer = asMember(t, await memberLogin(t, 'writer'));
      expect((await writer.post('/api/cms/contribute', { channel_id: news.id, title: '<b>Mine</b>', content: '<p>Body</p>' })).body).toMatchObject({ code: 0, msg: 'Title is plain text: leave out HTML tags such as <b> or <script>' });
      expect((await writer.post('/api/cms/comment', { content_id: article.id, content: 'Nice', nickname: '<img src=x>' })).body).toMatchObject({ code: 0 });
      expect(await count('cms_comment')).toBe(0);
      expect(await count('cms_content')).toBe(1);
    });

    it('refuses a contribution whose body is empty editor markup, in both languages, writing nothing', async () => {
      const { news } = await seedSite(admin);
      await createMember(t, { username: 'writer', email: 'writer@example.com' });
      const writer = asMember(t, await memberLogin(t, 'writer'));
      const before = await count('cms_content');
      for (const content of ['<p><br></p>', '<p>&nbsp;</p>', ' <p> </p>\n<p><br/></p>', '<p><script>alert(1)</script></p>']) {
        expect((await writer.post('/api/cms/contribute', { channel_id: news.id, title: 'Mine', content })).body).toMatchObject({ code: 0, msg: 'The content of a contribution cannot be empty' });
        expect((await writer.post('/api/cms/contribute', { channel_id: news.id, title: 'Mine', content }).set('think-lang', 'zh-cn')).body).toMatchObject({ code: 0, msg: '投稿内容不能为空' });
      }
      expect(await count('cms_content')).toBe(before);
      expect((await writer.post('/api/cms/contribute', { channel_id: news.id, title: 'Picture', content: '<p><img src="/storage/a.png"></p>' })).body).toMatchObject({ code: 1 });
      expect((await writer.post('/api/cms/contribute', { channel_id: news.id, title: 'Text', content: '<p>Body</p>' })).body).toMatchObject({ code: 1 });
      expect(await count('cms_content')).toBe(before + 2);
    });
  });

  describe('enumerations by name, stored and answered as numbers', () => {
    it('takes BuildAdmin’s names in the content form', async () => {
      const { news } = await seedSite(admin);
      const created = await admin.add('Content', {
        channel_id: news.id,
        title: 'Named',
        status: 'unaudited',
        flag: 'top,hot',
        target: '_blank',
        currency: 'RMB',
        allow_visit_groups: 'user',
        allow_comment_groups: 'disable',
      });
      expect(created).toMatchObject({ status: 0, flag: [1, 2], target: 1, currency: 1, allow_visit_groups: 2, allow_comment_groups: 0 });
      const edited = await admin.edit('Content', { id: created.id, flag: ['recommend', 'new'], target: '_self', currency: 'integral', allow_visit_groups: 'all', allow_comment_groups: 'user' });
      expect(edited).toMatchObject({ flag: [3, 4], target: 2, currency: 2, allow_visit_groups: 1, allow_comment_groups: 2 });
      const [row] = await t.dataSource.query('SELECT status, flag, target, currency, allow_visit_groups, allow_comment_groups FROM cms_content WHERE id = ?', [created.id]);
      expect({ ...row, status: Number(row.status), target: Number(row.target), currency: Number(row.currency), allow_visit_groups: Number(row.allow_visit_groups), allow_comment_groups: Number(row.allow_comment_groups) }).toEqual({
        status: 0,
        flag: '3,4',
        target: 2,
        currency: 2,
        allow_visit_groups: 1,
        allow_comment_groups: 2,
      });
      // numbers still work beside the names; an unknown name is refused with the field's message
      expect(await admin.add('Content', { channel_id: news.id, title: 'Numbers', status: '3', target: 4 })).toMatchObject({ status: 3, target: 4 });
      expect((await admin.post('/admin/cms.Content/add', { channel_id: news.id, title: 'T', status: 'published' })).body).toMatchObject({ code: 0, msg: 'Status has an invalid value' });
      expect((await admin.post('/admin/cms.Content/add', { channel_id: news.id, title: 'T', currency: 'USD' })).body).toMatchObject({ code: 0 });
      expect((await admin.post('/admin/cms.Content/add', { channel_id: news.id, title: 'T', flag: 'top,sticky' })).body).toMatchObject({ code: 0, msg: 'Flags has an invalid value' });
    });

    it('audits content and comments by status name', async () => {
      const { news, article } = await seedSite(admin);
      const draft = await admin.add('Content', { channel_id: news.id, title: 'Draft', status: 'unaudited' });
      const audit = (status: string, memo?: string) => admin.post('/admin/cms.Content/audit', { id: draft.id, status, memo });
      expect((await audit('refused', 'Too short')).body).toMatchObject({ code: 1, data: { status: 2, memo: 'Too short' } });
      expect((await audit('normal')).body).toMatchObject({ code: 1, data: { status: 1 } });
      expect((await audit('offline')).body).toMatchObject({ code: 1, data: { status: 3 } });
      expect((await audit('deleted')).body).toMatchObject({ code: 0 });

      await admin.edit('Content', { id: article.id, allow_comment_groups: 'all' });
      await createMember(t, { username: 'reader', email: 'reader@example.com' });
      expect((await asMember(t, await memberLogin(t, 'reader')).post('/api/cms/comment', { content_id: article.id, content: 'Nice' })).body.code).toBe(1);
      const [comment] = (await admin.list('Comment')).list;
      expect(comment.status).toBe(0);
      expect((await admin.post('/admin/cms.Comment/audit', { ids: [comment.id], status: 'normal' })).body).toMatchObject({ code: 1 });
      expect((await admin.list('Comment', 'status=normal')).list.map((c: Row) => [c.id, c.status])).toEqual([[comment.id, 1]]);
      expect((await admin.list('Comment', 'status=unaudited')).total).toBe(0);
    });

    it('filters lists by name: a named filter and a search', async () => {
      const { news, article } = await seedSite(admin);
      const draft = await admin.add('Content', { channel_id: news.id, title: 'Draft', status: 'unaudited', target: '_parent' });
      const ids = async (query: string) => (await admin.list('Content', query)).list.map((r: Row) => r.id).sort();
      expect(await ids('status=normal')).toEqual([article.id]);
      expect(await ids('status=unaudited')).toEqual([draft.id]);
      expect(await ids('search[0][field]=target&search[0][val]=_parent&search[0][operator]=%3D')).toEqual([draft.id]);
      expect(await ids('search[0][field]=flag&search[0][val]=recommend&search[0][operator]=FIND_IN_SET')).toEqual([article.id]);
      expect(await ids('search[0][field]=status&search[0][val]=normal,unaudited&search[0][operator]=IN')).toEqual([article.id, draft.id].sort());
      const link = await admin.add('FriendlyLink', { title: 'Partner', link: 'https://partner.example.com', target: '_top' });
      expect(link).toMatchObject({ target: 3 });
      expect((await admin.list('FriendlyLink', 'search[0][field]=target&search[0][val]=_top&search[0][operator]=%3D')).list.map((r: Row) => r.id)).toEqual([link.id]);
    });
  });
});
