import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { ACCOUNT_TABLES } from '../../accounts';
import { CrudDefinition, CrudKit, CrudService } from '../../../shared/crud';
import { isMysql } from '../../../shared/database/sql-dialect';
import { AppError } from '../../../shared/http/app-error';
import { CURRENCY } from '../domain/content';
import { ContentModelError, parseModelFields } from '../domain/content-model';
import { NOTICE_AUDIENCE } from '../domain/notice';
import { sanitizeBody } from '../domain/rich-text';
import {
  AddAdvertDto,
  AddAdvertPositionDto,
  AddContentModelDto,
  AddNoticeDto,
  EditAdvertDto,
  EditAdvertPositionDto,
  EditContentModelDto,
  EditNoticeDto,
} from '../http/dto/extras.dto';
import { CmsAdvertEntity, CmsAdvertPositionEntity, CmsChannelEntity, CmsContentModelEntity, CmsPayLogEntity, NoticeEntity } from '../persistence/cms.entities';

const TIMES = ['createtime', 'updatetime'] as const;

/** Throws the translated refusal of a content-model rule. */
export function modelRefusal(error: unknown): never {
  if (error instanceof ContentModelError) throw new AppError(`cms.${error.key}`, error.args);
  throw error;
}

/** Notices: the body sanitised like content's; the author is the signed-in admin (set by the controller). */
export function noticeCrud(): CrudDefinition<NoticeEntity> {
  return {
    entity: NoticeEntity,
    alias: 'notice',
    writable: ['title', 'content', 'audience', 'publish_time', 'status', 'admin_id'],
    listOmit: ['content'],
    searchFields: ['id', 'title', 'audience', 'publish_time', 'status', 'admin_id', ...TIMES, 'admin.username'],
    quickSearchFields: ['id', 'title'],
    filterParams: ['audience', 'status'],
    enumerations: { audience: NOTICE_AUDIENCE },
    joins: { admin: { entity: ACCOUNT_TABLES.admin, on: 'admin_id', columns: ['username', 'nickname'] } },
    validation: { add: AddNoticeDto, edit: EditNoticeDto },
    hooks: {
      beforeWrite(data, { existing }) {
        if (typeof data.content === 'string') data.content = sanitizeBody(data.content);
        if (existing) delete data.admin_id;
      },
      async beforeDelete(rows, { manager }) {
        await manager.createQueryBuilder().delete().from('notice_read').where('notice_id IN (:...ids)', { ids: rows.map((row) => row.id) }).execute();
      },
    },
  };
}

/** Advert positions: unique names; not deleted while adverts are in them. */
export function advertPositionCrud(): CrudDefinition<CmsAdvertPositionEntity> {
  return {
    entity: CmsAdvertPositionEntity,
    alias: 'position',
    writable: ['name', 'title', 'width', 'height'],
    searchFields: ['id', 'name', 'title', 'width', 'height', ...TIMES],
    quickSearchFields: ['id', 'name', 'title'],
    validation: { add: AddAdvertPositionDto, edit: EditAdvertPositionDto },
    hooks: {
      async beforeWrite(data, { manager, existing }) {
        if (typeof data.name !== 'string' || data.name === existing?.name) return;
        const qb = manager.createQueryBuilder(CmsAdvertPositionEntity, 'p').select('p.id').where('p.name = :name', { name: data.name });
        if (existing) qb.andWhere('p.id <> :id', { id: existing.id });
        if (isMysql(manager)) qb.setLock('pessimistic_write');
        if (await qb.getOne()) throw new AppError('cms.position_exists', { name: data.name });
      },
      async beforeDelete(rows, { manager }) {
        for (const row of rows) {
          const used = await manager.createQueryBuilder(CmsAdvertEntity, 'a').select('a.id').where('a.position_id = :id', { id: row.id }).getOne();
          if (used) throw new AppError('cms.position_in_use', { name: row.title || row.name });
        }
      },
    },
  };
}

/** Adverts: in an existing position, linking out by http(s), the schedule in order. Clicks are the site's. */
export function advertCrud(): CrudDefinition<CmsAdvertEntity> {
  return {
    entity: CmsAdvertEntity,
    alias: 'advert',
    writable: ['position_id', 'title', 'image', 'link', 'start_time', 'end_time', 'weigh', 'status'],
    searchFields: ['id', 'position_id', 'title', 'link', 'start_time', 'end_time', 'weigh', 'status', 'clicks', ...TIMES, 'position.name', 'position.title'],
    quickSearchFields: ['id', 'title', 'link'],
    filterParams: ['position_id', 'status'],
    joins: { position: { entity: CmsAdvertPositionEntity, on: 'position_id', columns: ['name', 'title'] } },
    validation: { add: AddAdvertDto, edit: EditAdvertDto },
    hooks: {
      async beforeWrite(data, { manager, existing }) {
        if (data.position_id !== undefined && !(await manager.findOne(CmsAdvertPositionEntity, { where: { id: Number(data.position_id) }, select: { id: true } }))) {
          throw new AppError('cms.reference_missing', { field: '@cms.fields.position_id' });
        }
        const start = data.start_time !== undefined ? data.start_time : existing?.start_time;
        const end = data.end_time !== undefined ? data.end_time : existing?.end_time;
        if (start && end && Number(end) <= Number(start)) throw new AppError('cms.advert_schedule_invalid');
      },
    },
  };
}

/** Content models: their fields checked; not deleted while a channel uses one. */
export function contentModelCrud(): CrudDefinition<CmsContentModelEntity> {
  return {
    entity: CmsContentModelEntity,
    alias: 'model',
    writable: ['name', 'fields'],
    searchFields: ['id', 'name', ...TIMES],
    quickSearchFields: ['id', 'name'],
    validation: { add: AddContentModelDto, edit: EditContentModelDto },
    hooks: {
      beforeWrite(data) {
        if (data.fields !== undefined) {
          try {
            data.fields = parseModelFields(data.fields);
          } catch (error) {
            modelRefusal(error);
          }
        }
      },
      async beforeDelete(rows, { manager }) {
        for (const row of rows) {
          const channel = await manager.findOne(CmsChannelEntity, { where: { model_id: row.id }, select: { id: true, name: true } });
          if (channel) throw new AppError('cms.model_in_use', { name: row.name, channel: channel.name });
        }
      },
    },
  };
}

/** Purchases of paid content: listed only (buying writes them). */
export function payLogCrud(): CrudDefinition<CmsPayLogEntity> {
  return {
    entity: CmsPayLogEntity,
    alias: 'pay',
    writable: [],
    searchFields: ['id', 'content_id', 'user_id', 'title', 'currency', 'amount', 'log_id', 'createtime', 'user.username', 'user.nickname'],
    quickSearchFields: ['id', 'title'],
    filterParams: ['content_id', 'user_id', 'currency'],
    enumerations: { currency: CURRENCY },
    defaultOrder: [{ field: 'id', direction: 'DESC' }],
    joins: { user: { entity: ACCOUNT_TABLES.member, on: 'user_id', columns: ['username', 'nickname'] } },
  };
}

/** The model fields of a channel (none when it has no model or the model is gone). */
export async function channelModelFields(manager: EntityManager, channelId: number) {
  const channel = await manager.findOne(CmsChannelEntity, { where: { id: channelId }, select: { id: true, model_id: true } });
  if (!channel?.model_id) return null;
  const model = await manager.findOne(CmsContentModelEntity, { where: { id: channel.model_id } });
  if (!model) return null;
  try {
    return { id: model.id, name: model.name, fields: parseModelFields(model.fields ?? []) };
  } catch {
    return null;
  }
}

@Injectable()
export class CmsExtraCruds {
  readonly notice: CrudService<NoticeEntity>;
  readonly advertPosition: CrudService<CmsAdvertPositionEntity>;
  readonly advert: CrudService<CmsAdvertEntity>;
  readonly contentModel: CrudService<CmsContentModelEntity>;
  readonly payLog: CrudService<CmsPayLogEntity>;

  constructor(kit: CrudKit) {
    this.notice = new CrudService(kit, noticeCrud());
    this.advertPosition = new CrudService(kit, advertPositionCrud());
    this.advert = new CrudService(kit, advertCrud());
    this.contentModel = new CrudService(kit, contentModelCrud());
    this.payLog = new CrudService(kit, payLogCrud());
  }
}
