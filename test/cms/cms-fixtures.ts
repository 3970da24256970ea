import { createAdmin, login, as, Session } from '../support/api';
import { TestApp } from '../setup/create-test-app';

export type Row = Record<string, any>;

/** The back office of the content pages, as a signed-in admin (English answers). */
export function cmsAdmin(t: TestApp, session: Session) {
  const client = as(t, session);
  const ok = async (promise: Promise<{ body: { code: number; msg: string; data: any } }>, what: string) => {
    const { body } = await promise;
    if (body.code !== 1) throw new Error(`${what} failed: ${JSON.stringify(body)}`);
    return body.data;
  };
  return {
    ...client,
    add: (controller: string, row: object): Promise<Row> => ok(client.post(`/admin/cms.${controller}/add`, row), `add ${controller}`),
    edit: (controller: string, row: object): Promise<Row> => ok(client.post(`/admin/cms.${controller}/edit`, row), `edit ${controller}`),
    list: (controller: string, query = ''): Promise<Row> => ok(client.get(`/admin/cms.${controller}/index${query ? `?${query}` : ''}`), `list ${controller}`),
    row: async (controller: string, id: number): Promise<Row> => (await ok(client.get(`/admin/cms.${controller}/edit?id=${id}`), `get ${controller}`)).row,
    audit: (id: number, status: number, memo?: string) => client.post('/admin/cms.Content/audit', { id, status, memo }),
    remove: (controller: string, ids: number[]) => client.del(`/admin/cms.${controller}/del?${ids.map((id) => `ids[]=${id}`).join('&')}`),
  };
}

export type CmsAdmin = ReturnType<typeof cmsAdmin>;

/** A channel tree (News ▸ Company, Guides) and a published article in News. */
export async function seedSite(admin: CmsAdmin) {
  const news = await admin.add('Channel', { name: 'News' });
  const company = await admin.add('Channel', { name: 'Company', pid: news.id });
  const guides = await admin.add('Channel', { name: 'Guides' });
  const article = await admin.add('Content', { channel_id: news.id, title: 'Warehouse opens', content: '<p>Hello</p>', flag: [1, 3], description: 'A new warehouse' });
  return { news, company, guides, article };
}

export async function adminWith(t: TestApp, username: string, rules: string[]) {
  await createAdmin(t, username, rules);
  return login(t, username);
}
