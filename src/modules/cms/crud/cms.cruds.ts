import { Injectable } from '@nestjs/common';
import { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import { ACCOUNT_TABLES } from '../../accounts';
import { assertTreeParent, CrudDefinition, CrudKit, CrudService, TreeCrudService } from '../../../shared/crud';
import { forUpdate, isMysql } from '../../../shared/database/sql-dialect';
import { AppError } from '../../../shared/http/app-error';
import { unixNow } from '../../../shared/http/envelope';
import { COMMENT_GROUP, CONTENT_FLAG, CONTENT_STATUS, CURRENCY, LINK_TARGET, VISIT_GROUP } from '../domain/content';
import { COMMENT_STATUS } from '../domain/comment';
import { sanitizeBody } from '../domain/rich-text';
import { AddChannelDto, AddContentDto, AddFriendlyLinkDto, AddTagDto, EditChannelDto, EditContentDto, EditFriendlyLinkDto, EditTagDto } from '../http/dto/cms.dto';
import { CmsChannelEntity, CmsCommentEntity, CmsContentEntity, CmsContentModelEntity, CmsFriendlyLinkEntity, CmsSearchLogEntity, CmsTagEntity } from '../persistence/cms.entities';
import { checkExtraValues } from '../domain/content-model';
import { channelModelFields, modelRefusal } from './extra.cruds';

const TIMES = ['createtime', 'updatetime'] as const;

/** `column` holds `id` or lists it (a comma list such as `channel_ids`): SQL for both engines, id bound. */
export function listsId(manager: EntityManager, column: string, parameter: string): string {
  return isMysql(manager) ? `FIND_IN_SET(:${parameter}, ${column}) > 0` : `(',' || ${column} || ',') LIKE '%,' || :${parameter} || ',%'`;
}

/** The ids among `ids` that are not live rows of `entity`. */
async function missingIds(manager: EntityManager, entity: EntityTarget<ObjectLiteral>, ids: readonly number[]): Promise<number[]> {
  if (!ids.length) return [];
  const found = await manager.createQueryBuilder(entity, 't').select('t.id', 'id').where('t.id IN (:...ids)', { ids }).getRawMany<{ id: number | string }>();
  const present = new Set(found.map((row) => Number(row.id)));
  return ids.filter((id) => !present.has(id));
}

/** Content channels: a tree; not deleted while a sub-channel or content is in it. */
export function channelCrud(): CrudDefinition<CmsChannelEntity> {
  return {
    entity: CmsChannelEntity,
    alias: 'channel',
    writable: ['pid', 'name', 'image', 'keywords', 'description', 'status', 'weigh', 'model_id'],
    searchFields: ['id', 'pid', 'name', 'keywords', 'description', 'status', 'weigh', 'model_id', ...TIMES],
    quickSearchFields: ['id', 'name'],
    filterParams: ['pid', 'status'],
    defaultOrder: [
      { field: 'weigh', direction: 'DESC' },
      { field: 'id', direction: 'ASC' },
    ],
    validation: { add: AddChannelDto, edit: EditChannelDto },
    hooks: {
      async beforeWrite(data, { manager, existing }) {
        if (!existing) data.pid ??= 0;
        if (data.model_id && !(await manager.findOne(CmsContentModelEntity, { where: { id: Number(data.model_id) }, select: { id: true } }))) {
          throw new AppError('cms.reference_missing', { field: '@cms.fields.model_id' });
        }
        if (data.pid === undefined || (existing && data.pid === existing.pid)) return;
        await assertTreeParent(manager, {
          entity: CmsChannelEntity,
          pid: Number(data.pid),
          existing,
          cycleMessage: 'cms.channel_parent_invalid',
          missingMessage: 'cms.reference_missing',
          missingArgs: { field: '@cms.fields.pid' },
        });
      },
      async beforeDelete(rows, { manager }) {
        const ids = rows.map((row) => row.id);
        const child = await manager
          .createQueryBuilder(CmsChannelEntity, 'c')
          .select(['c.id', 'c.pid'])
          .where('c.pid IN (:...ids)', { ids })
          .andWhere('c.id NOT IN (:...ids)', { ids })
          .getOne();
        if (child) throw new AppError('cms.channel_has_children', { name: rows.find((r) => r.id === child.pid)?.name ?? '' });
        for (const row of rows) {
          const used = await manager
            .createQueryBuilder(CmsContentEntity, 'content')
            .select('content.id')
            .where(`(content.channel_id = :channel OR ${listsId(manager, 'content.channel_ids', 'channel_text')})`, { channel: row.id, channel_text: String(row.id) })
            .getOne();
          if (used) throw new AppError('cms.channel_has_content', { name: row.name });
        }
      },
    },
  };
}

/**
 * Content. Bodies are sanitised before they are stored; the channel, further channels and tags must exist.
 * The status is set on add (published, held for audit or offline) and changes only through `audit` later.
 */
export function contentCrud(): CrudDefinition<CmsContentEntity> {
  return {
    entity: CmsContentEntity,
    alias: 'content',
    writable: [
      'channel_id', 'channel_ids', 'title', 'title_style', 'flag', 'images', 'content', 'seotitle', 'keywords', 'description', 'tags', 'url',
      'target', 'weigh', 'price', 'currency', 'allow_visit_groups', 'allow_comment_groups', 'status', 'publish_time', 'admin_id', 'extra',
    ],
    listOmit: ['content'],
    searchFields: [
      'id', 'user_id', 'admin_id', 'channel_id', 'channel_ids', 'title', 'flag', 'keywords', 'tags', 'url', 'target', 'views', 'comments', 'likes', 'dislikes', 'weigh',
      'price', 'currency', 'allow_visit_groups', 'allow_comment_groups', 'status', 'memo', 'publish_time', 'update_time', 'create_time', 'channel.name', 'user.username', 'admin.username',
    ],
    quickSearchFields: ['id', 'title', 'keywords'],
    filterParams: ['channel_id', 'status', 'user_id'],
    enumerations: { status: CONTENT_STATUS, flag: CONTENT_FLAG, target: LINK_TARGET, currency: CURRENCY, allow_visit_groups: VISIT_GROUP, allow_comment_groups: COMMENT_GROUP },
    joins: {
      channel: { entity: CmsChannelEntity, on: 'channel_id', columns: ['name'] },
      user: { entity: ACCOUNT_TABLES.member, on: 'user_id', columns: ['username', 'nickname'] },
      admin: { entity: ACCOUNT_TABLES.admin, on: 'admin_id', columns: ['username', 'nickname'] },
    },
    validation: { add: AddContentDto, edit: EditContentDto },
    hooks: {
      async beforeWrite(data, { manager, existing }) {
        const now = unixNow();
        if (typeof data.content === 'string') data.content = sanitizeBody(data.content);
        if (!existing) {
          data.status ??= CONTENT_STATUS.normal;
          data.create_time = now;
          if (data.status === CONTENT_STATUS.normal && !data.publish_time) data.publish_time = now;
        }
        data.update_time = now;
        await assertContentReferences(manager, data);
        await checkContentExtra(manager, data, existing);
      },
      async beforeDelete(rows, { manager }) {
        await manager.createQueryBuilder().delete().from(CmsCommentEntity).where('content_id IN (:...ids)', { ids: rows.map((row) => row.id) }).execute();
      },
    },
  };
}

/**
 * The extra fields of content (its channel's content model): checked and kept when the channel has a model,
 * cleared when it has none. An edit that changes neither the channel nor the values leaves them as they are.
 */
export async function checkContentExtra(manager: EntityManager, data: Record<string, unknown>, existing: CmsContentEntity | null): Promise<void> {
  if (existing && data.channel_id === undefined && data.extra === undefined) return;
  const channelId = Number(data.channel_id ?? existing?.channel_id ?? 0);
  const model = channelId ? await channelModelFields(manager, channelId) : null;
  if (!model) {
    data.extra = null;
    return;
  }
  try {
    data.extra = checkExtraValues(model.fields, data.extra !== undefined ? data.extra : existing?.extra);
  } catch (error) {
    modelRefusal(error);
  }
}

/** Refuses a channel, further channel or tag that does not exist (add, edit and contributions). */
export async function assertContentReferences(manager: EntityManager, data: Record<string, unknown>): Promise<void> {
  if (data.channel_id !== undefined && (await missingIds(manager, CmsChannelEntity, [Number(data.channel_id)])).length) {
    throw new AppError('cms.reference_missing', { field: '@cms.fields.channel_id' });
  }
  if (Array.isArray(data.channel_ids) && (await missingIds(manager, CmsChannelEntity, data.channel_ids as number[])).length) {
    throw new AppError('cms.reference_missing', { field: '@cms.fields.channel_ids' });
  }
  if (Array.isArray(data.tags) && (await missingIds(manager, CmsTagEntity, data.tags as number[])).length) {
    throw new AppError('cms.reference_missing', { field: '@cms.fields.tags' });
  }
}

/** Comments: listed with their content's title and author; audited or deleted, never written here. */
export function commentCrud(): CrudDefinition<CmsCommentEntity> {
  return {
    entity: CmsCommentEntity,
    alias: 'comment',
    writable: [],
    searchFields: ['id', 'content_id', 'user_id', 'nickname', 'content', 'status', 'memo', 'ip', ...TIMES, 'post.title', 'user.username'],
    quickSearchFields: ['id', 'content', 'nickname', 'post.title'],
    filterParams: ['content_id', 'status', 'user_id'],
    enumerations: { status: COMMENT_STATUS },
    defaultOrder: [{ field: 'id', direction: 'DESC' }],
    joins: {
      post: { entity: CmsContentEntity, on: 'content_id', columns: ['title'] },
      user: { entity: ACCOUNT_TABLES.member, on: 'user_id', columns: ['username', 'nickname'] },
    },
    hooks: {
      // the shown-comment count of their content leaves the deleted ones out
      beforeDelete: (rows, { manager }) => recountComments(manager, rows.map((row) => row.content_id), rows.map((row) => row.id)),
    },
  };
}

/**
 * Sets `comments` of the given content to its number of shown comments (without `excludeIds`, about to be
 * deleted), after locking the content rows so two audits of one content's comments count one after the other.
 */
export async function recountComments(manager: EntityManager, contentIds: readonly number[], excludeIds: readonly number[] = []): Promise<void> {
  const ids = [...new Set(contentIds)].sort((a, b) => a - b);
  if (!ids.length) return;
  await manager.query(`SELECT id FROM cms_content WHERE id IN (${ids.map(() => '?').join(', ')})${forUpdate(manager)}`, ids);
  const exclude = excludeIds.length ? ` AND id NOT IN (${excludeIds.map(() => '?').join(', ')})` : '';
  for (const id of ids) {
    await manager.query(`UPDATE cms_content SET comments = (SELECT COUNT(*) FROM cms_comment WHERE content_id = ? AND status = ?${exclude}) WHERE id = ?`, [
      id,
      COMMENT_STATUS.normal,
      ...excludeIds,
      id,
    ]);
  }
}

/** Tags: unique names; not deleted while content carries them. */
export function tagCrud(): CrudDefinition<CmsTagEntity> {
  return {
    entity: CmsTagEntity,
    alias: 'tag',
    writable: ['name', 'weigh', 'status'],
    searchFields: ['id', 'name', 'weigh', 'status', ...TIMES],
    quickSearchFields: ['id', 'name'],
    filterParams: ['status'],
    validation: { add: AddTagDto, edit: EditTagDto },
    hooks: {
      async beforeWrite(data, { manager, existing }) {
        if (typeof data.name !== 'string' || data.name === existing?.name) return;
        const qb = manager.createQueryBuilder(CmsTagEntity, 't').select('t.id').where('t.name = :name', { name: data.name });
        if (existing) qb.andWhere('t.id <> :id', { id: existing.id });
        if (isMysql(manager)) qb.setLock('pessimistic_write');
        if (await qb.getOne()) throw new AppError('cms.tag_exists', { name: data.name });
      },
      async beforeDelete(rows, { manager }) {
        for (const row of rows) {
          const used = await manager.createQueryBuilder(CmsContentEntity, 'content').select('content.id').where(listsId(manager, 'content.tags', 'tag'), { tag: String(row.id) }).getOne();
          if (used) throw new AppError('cms.tag_in_use', { name: row.name });
        }
      },
    },
  };
}

export function friendlyLinkCrud(): CrudDefinition<CmsFriendlyLinkEntity> {
  return {
    entity: CmsFriendlyLinkEntity,
    alias: 'link',
    writable: ['title', 'link', 'logo', 'target', 'weigh', 'status'],
    searchFields: ['id', 'title', 'link', 'target', 'weigh', 'status', ...TIMES],
    quickSearchFields: ['id', 'title', 'link'],
    filterParams: ['status'],
    enumerations: { target: LINK_TARGET },
    validation: { add: AddFriendlyLinkDto, edit: EditFriendlyLinkDto },
  };
}

/** What visitors searched for: listed, exported and deleted, never written by hand. */
export function searchLogCrud(): CrudDefinition<CmsSearchLogEntity> {
  return {
    entity: CmsSearchLogEntity,
    alias: 'search',
    writable: [],
    searchFields: ['id', 'keywords', 'count', ...TIMES],
    quickSearchFields: ['keywords'],
    defaultOrder: [
      { field: 'count', direction: 'DESC' },
      { field: 'id', direction: 'DESC' },
    ],
  };
}

/** One CrudService per resource, built once (definitions are checked against the metadata at start-up). */
@Injectable()
export class CmsCruds {
  readonly channel: TreeCrudService<CmsChannelEntity>;
  readonly content: CrudService<CmsContentEntity>;
  readonly comment: CrudService<CmsCommentEntity>;
  readonly tag: CrudService<CmsTagEntity>;
  readonly friendlyLink: CrudService<CmsFriendlyLinkEntity>;
  readonly searchLog: CrudService<CmsSearchLogEntity>;

  constructor(kit: CrudKit) {
    this.channel = new TreeCrudService(kit, channelCrud());
    this.content = new CrudService(kit, contentCrud());
    this.comment = new CrudService(kit, commentCrud());
    this.tag = new CrudService(kit, tagCrud());
    this.friendlyLink = new CrudService(kit, friendlyLinkCrud());
    this.searchLog = new CrudService(kit, searchLogCrud());
  }
}
