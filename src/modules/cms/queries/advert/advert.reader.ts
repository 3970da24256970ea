import { Injectable } from '@nestjs/common';
import type { AdvertSlot } from '../../../../../contract/cms';
import { TransactionRunner } from '../../../../shared/database/transaction-runner';
import { unixNow } from '../../../../shared/http/envelope';
import { CmsRuleError } from '../../domain/cms-errors';
import { CmsAdvertEntity, CmsAdvertPositionEntity } from '../../persistence/cms.entities';

/** Adverts as the site shows them: enabled and within their schedule, by weight then newest. */
@Injectable()
export class AdvertReader {
  constructor(private readonly transactions: TransactionRunner) {}

  showing(now = unixNow()) {
    return this.transactions.manager
      .createQueryBuilder(CmsAdvertEntity, 'advert')
      .where('advert.status = 1')
      .andWhere('(advert.start_time IS NULL OR advert.start_time = 0 OR advert.start_time <= :now)', { now })
      .andWhere('(advert.end_time IS NULL OR advert.end_time = 0 OR advert.end_time > :now)', { now });
  }

  /** GET /api/cms/adverts?position=<name> */
  async position(name: string): Promise<AdvertSlot> {
    const position = name ? await this.transactions.manager.findOne(CmsAdvertPositionEntity, { where: { name } }) : null;
    if (!position) throw new CmsRuleError('position_not_found');
    const adverts = await this.showing()
      .select(['advert.id', 'advert.title', 'advert.image', 'advert.link'])
      .andWhere('advert.position_id = :position', { position: position.id })
      .orderBy('advert.weigh', 'DESC')
      .addOrderBy('advert.id', 'DESC')
      .limit(50)
      .getMany();
    return {
      position: { name: position.name, title: position.title, width: position.width, height: position.height },
      list: adverts.map((advert) => ({ id: advert.id, title: advert.title, image: advert.image, link: advert.link })),
    };
  }
}
