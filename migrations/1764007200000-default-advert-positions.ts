import { MigrationInterface, QueryRunner } from 'typeorm';
import { insertDefaultAdvertPositions, removeDefaultAdvertPositions } from './support/advert-positions';

/**
 * Data only: the advert positions the web app asks for (`home` on the home page, `member` in the member
 * center), so a site shows adverts there as soon as an admin adds them and the pages' requests answer an
 * empty list instead of "the advert position does not exist". A name a site already uses is left as it is;
 * down() removes only the rows still as added here and holding no adverts.
 */
export class DefaultAdvertPositions1764007200000 implements MigrationInterface {
  name = 'DefaultAdvertPositions1764007200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await insertDefaultAdvertPositions(queryRunner);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await removeDefaultAdvertPositions(queryRunner);
  }
}
