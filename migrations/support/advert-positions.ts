import { EntityManager } from 'typeorm';

/**
 * The advert positions a site starts with: one for every place the web app shows adverts (the home page's
 * `home`, the member center's overview `member`). Titles in both languages, as the seed's other single-title
 * rows carry them ("中文 · English"). Written by migration 1764007200000 on an installed site and by the
 * cms seed on a fresh one (src/modules/cms/seed/cms.seeder.ts), so both have the same rows.
 */
export const DEFAULT_ADVERT_POSITIONS = [
  { name: 'home', title: '首页横幅 · Home page banner', width: 1200, height: 300 },
  { name: 'member', title: '会员中心横幅 · Member center banner', width: 1200, height: 200 },
] as const;

type Query = Pick<EntityManager, 'query'>;

/** Adds each default position whose name is not taken yet (a site may have made its own `home`). */
export async function insertDefaultAdvertPositions(db: Query, now = Math.floor(Date.now() / 1000)): Promise<void> {
  for (const position of DEFAULT_ADVERT_POSITIONS) {
    const [taken]: unknown[] = await db.query('SELECT id FROM cms_advert_position WHERE name = ?', [position.name]);
    if (taken) continue;
    await db.query('INSERT INTO cms_advert_position (name, title, width, height, createtime, updatetime) VALUES (?, ?, ?, ?, ?, ?)', [
      position.name,
      position.title,
      position.width,
      position.height,
      now,
      now,
    ]);
  }
}

/** Takes the default positions out again: only those still as seeded and holding no adverts (never a site's own). */
export async function removeDefaultAdvertPositions(db: Query): Promise<void> {
  for (const position of DEFAULT_ADVERT_POSITIONS) {
    await db.query(
      'DELETE FROM cms_advert_position WHERE name = ? AND title = ? AND NOT EXISTS (SELECT 1 FROM cms_advert WHERE cms_advert.position_id = cms_advert_position.id)',
      [position.name, position.title],
    );
  }
}
