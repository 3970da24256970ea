import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { insertDefaultAdvertPositions } from '../../../../migrations/support/advert-positions';
import { Seeder } from '../../../shared/database/seeder';

/**
 * The cms context's initial rows on a fresh database: the advert positions the web app shows adverts in
 * (`home`, `member`) — the same rows migration 1764007200000 gives an installed site.
 */
@Injectable()
export class CmsSeeder implements Seeder {
  readonly name = 'cms';

  async seed(manager: EntityManager): Promise<void> {
    await insertDefaultAdvertPositions(manager);
  }
}
