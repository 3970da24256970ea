import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Seeder } from '../../../shared/database/seeder';
import { MessageTemplateService } from '../messaging/templates/message-template.service';
import { ConfigEntity } from '../config/persistence/config.entity';
import { CONFIG_SEED_ROWS } from '../config/seed/config-rows';

/** The platform's initial rows: the site configuration and the message templates. */
@Injectable()
export class PlatformSeeder implements Seeder {
  readonly name = 'platform';

  async seed(manager: EntityManager): Promise<void> {
    await manager.getRepository(ConfigEntity).insert(
      CONFIG_SEED_ROWS.map((r) => ({
        name: r.name,
        group: r.group,
        title: r.title,
        tip: r.tip,
        type: r.type,
        value: r.value,
        content: r.content,
        rule: r.rule,
        extend: '',
        allow_del: 0,
        weigh: r.weigh,
        secret: r.secret ? 1 : 0,
      })),
    );
    await MessageTemplateService.seed(manager);
  }
}
