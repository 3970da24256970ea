import { MigrationInterface, QueryRunner } from 'typeorm';
import { createCacheVersion, dropCacheVersion } from './cache-version';

/** The site version that per-process caches of settings and rights are checked against (cache-version.ts). */
export class CacheVersion1764000900100 implements MigrationInterface {
  name = 'CacheVersion1764000900100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await createCacheVersion(queryRunner);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await dropCacheVersion(queryRunner);
  }
}
