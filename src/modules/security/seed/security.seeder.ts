import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Seeder } from '../../../shared/database/seeder';
import { insertDefaultRules } from '../domain/default-rules';

/** The default recycle and sensitive-field rules of a new database. */
@Injectable()
export class SecuritySeeder implements Seeder {
  readonly name = 'security';

  seed(manager: EntityManager): Promise<void> {
    return insertDefaultRules(manager);
  }
}
