import { CmsDemoSeeder } from '../../src/modules/cms';
import { TestApp } from '../setup/create-test-app';
import { anonymous } from '../support/member';
import { publicSpec } from '../support/public-spec';

/** SEED_DEMO gives the home page content: channels, flagged articles and friendly links, all published. */
describe('the demo content', () => {
  let t: TestApp;
  const log: string[] = [];

  publicSpec({ reset: 'once', ready: (fixture) => ({ t } = fixture) });

  it('is left out without SEED_DEMO', async () => {
    await t.app.get(CmsDemoSeeder).afterCommit({ demo: false, log: (line) => log.push(line) });
    const { body } = await anonymous(t).get('/api/cms/index');
    expect([body.data.top, body.data.latest, body.data.channels, body.data.friendlyLinks]).toEqual([[], [], [], []]);
  });

  it('fills every part of the home page and says so', async () => {
    await t.app.get(CmsDemoSeeder).afterCommit({ demo: true, log: (line) => log.push(line) });
    expect(log).toEqual(['Created the demo content: 4 articles in 2 channels.']);
    const { body } = await anonymous(t).get('/api/cms/index');
    expect(body.code).toBe(1);
    for (const part of ['top', 'hot', 'recommend', 'new', 'latest', 'channels', 'friendlyLinks']) expect(body.data[part].length).toBeGreaterThan(0);
    const article = await anonymous(t).get(`/api/cms/content?id=${body.data.top[0].id}`);
    expect(article.body.data.content).toContain('<p>');
  });
});
