import { Injectable } from '@nestjs/common';
import type { ChannelNode, ChannelPage, ContentCard, ContentModelField, ContentPage, ContributionRow, HomeData, MyComment, MyContribution, SearchPage, SiteComment } from '../../../../../contract/cms';
import type { PageAnswer } from '../../../../../contract/envelope';
import { EntityManager, In, SelectQueryBuilder } from 'typeorm';
import { MemberDirectory } from '../../../accounts';
import { buildTree, TreeNode } from '../../../../shared/crud';
import { containsPattern, LIKE_ESCAPE } from '../../../../shared/crud/list-query';
import { isMysql } from '../../../../shared/database/sql-dialect';
import { TransactionRunner } from '../../../../shared/database/transaction-runner';
import { unixNow } from '../../../../shared/http/envelope';
import { CmsRuleError } from '../../domain/cms-errors';
import { COMMENT_STATUS } from '../../domain/comment';
import { assertMayRead, CONTENT_FLAG, CONTENT_STATUS, isPublished } from '../../domain/content';
import { CmsChannelEntity, CmsCommentEntity, CmsContentEntity, CmsFriendlyLinkEntity, CmsPayLogEntity, CmsSearchLogEntity, CmsTagEntity } from '../../persistence/cms.entities';
import { chargeOf, mayReadInFull } from '../../domain/paid-content';
import { channelModelFields } from '../../crud/extra.cruds';
import { listsId } from '../../crud/cms.cruds';

export const SITE_PAGE_MAX = 50;
const HOME_LIST = 8;
export const KEYWORDS_MAX = 100;

const CARD_COLUMNS: Array<keyof CmsContentEntity> = [
  'id', 'channel_id', 'title', 'title_style', 'flag', 'images', 'description', 'url', 'target', 'views', 'comments', 'likes', 'price', 'currency', 'allow_visit_groups', 'allow_comment_groups', 'publish_time',
];

export function pageOf(page: unknown, limit: unknown, max = SITE_PAGE_MAX): { page: number; limit: number } {
  const p = Math.floor(Number(page));
  const l = Math.floor(Number(limit));
  return { page: Number.isFinite(p) && p >= 1 ? Math.min(p, 100_000) : 1, limit: Number.isFinite(l) && l >= 1 ? Math.min(l, max) : 10 };
}

/**
 * The public side of the content (`/api/cms/*`): what a visitor or member sees. Only published content
 * (status normal, publish time reached) in shown channels; bodies only through `content`.
 */
@Injectable()
export class CmsSiteReader {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly members: MemberDirectory,
  ) {}

  private get manager(): EntityManager {
    return this.transactions.manager;
  }

  /** Published content, newest first within the weight order. */
  private published(now = unixNow()): SelectQueryBuilder<CmsContentEntity> {
    return this.manager
      .createQueryBuilder(CmsContentEntity, 'content')
      .select(CARD_COLUMNS.map((column) => `content.${column}`))
      .where('content.status = :published', { published: CONTENT_STATUS.normal })
      .andWhere('(content.publish_time IS NULL OR content.publish_time <= :now)', { now })
      .orderBy('content.weigh', 'DESC')
      .addOrderBy('content.publish_time', 'DESC')
      .addOrderBy('content.id', 'DESC');
  }

  private async shownChannels(): Promise<CmsChannelEntity[]> {
    return this.manager.find(CmsChannelEntity, { where: { status: 1 }, order: { weigh: 'DESC', id: 'ASC' } });
  }

  private cards(rows: CmsContentEntity[], channels: Map<number, CmsChannelEntity>): ContentCard[] {
    return rows.map((row) => {
      const channel = channels.get(row.channel_id);
      return {
        id: row.id,
        channel_id: row.channel_id,
        channel: channel ? { id: channel.id, name: channel.name } : null,
        title: row.title,
        title_style: row.title_style,
        flag: row.flag,
        images: (row.images ?? '').split(',').filter(Boolean),
        description: row.description,
        url: row.url,
        target: row.target,
        views: row.views,
        comments: row.comments,
        likes: row.likes,
        price: row.price,
        currency: row.currency,
        allow_visit_groups: row.allow_visit_groups,
        allow_comment_groups: row.allow_comment_groups,
        publish_time: row.publish_time,
      };
    });
  }

  /** Content whose channel is hidden stays off the public lists. */
  private inShownChannels(qb: SelectQueryBuilder<CmsContentEntity>, channels: CmsChannelEntity[]): SelectQueryBuilder<CmsContentEntity> {
    const ids = channels.map((channel) => channel.id);
    return ids.length ? qb.andWhere('content.channel_id IN (:...shown)', { shown: ids }) : qb.andWhere('1 = 0');
  }

  /** GET /api/cms/index: the channel tree, top / hot / recommended / new and the latest content, friendly links, top searches. */
  async home(): Promise<HomeData> {
    const channels = await this.shownChannels();
    const byId = new Map(channels.map((channel) => [channel.id, channel]));
    const flagged = async (flag: number) =>
      this.cards(await this.inShownChannels(this.published(), channels).andWhere(listsId(this.manager, 'content.flag', 'flag'), { flag: String(flag) }).take(HOME_LIST).getMany(), byId);
    const [top, hot, recommend, fresh] = [await flagged(CONTENT_FLAG.top), await flagged(CONTENT_FLAG.hot), await flagged(CONTENT_FLAG.recommend), await flagged(CONTENT_FLAG.new)];
    const latest = this.cards(
      await this.inShownChannels(this.published(), channels).orderBy('content.publish_time', 'DESC').addOrderBy('content.id', 'DESC').take(HOME_LIST).getMany(),
      byId,
    );
    const links = await this.manager.find(CmsFriendlyLinkEntity, { where: { status: 1 }, order: { weigh: 'DESC', id: 'DESC' }, take: 50 });
    const searches = await this.manager.find(CmsSearchLogEntity, { order: { count: 'DESC', id: 'DESC' }, take: 10, select: { keywords: true, count: true } });
    return {
      channels: buildTree(channels.map(channelNode)),
      top,
      hot,
      recommend,
      new: fresh,
      latest,
      friendlyLinks: links.map((link) => ({ id: link.id, title: link.title, link: link.link, logo: link.logo, target: link.target })),
      hotSearches: searches.map((search) => search.keywords),
    };
  }

  /** GET /api/cms/channel: a shown channel, its path and sub-channels, and its content (and its sub-channels'), paged. */
  async channel(id: number, paging: { page: number; limit: number }): Promise<ChannelPage> {
    const channels = await this.shownChannels();
    const byId = new Map(channels.map((channel) => [channel.id, channel]));
    const channel = byId.get(id);
    if (!channel) throw new CmsRuleError('channel_not_found');
    const path: ChannelNode[] = [];
    for (let node: CmsChannelEntity | undefined = channel; node && !path.some((p) => p.id === node!.id); node = byId.get(node.pid)) path.unshift(channelNode(node));
    // only descendants whose whole path is shown
    const subtree = new Set([id]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const node of channels) if (subtree.has(node.pid) && !subtree.has(node.id)) (subtree.add(node.id), (grew = true));
    }
    const qb = this.published()
      .andWhere(`(content.channel_id IN (:...subtree) OR ${listsId(this.manager, 'content.channel_ids', 'channel')})`, { subtree: [...subtree], channel: String(id) })
      .andWhere('content.channel_id IN (:...shown)', { shown: channels.map((c) => c.id) });
    const total = await qb.getCount();
    const rows = await qb.skip((paging.page - 1) * paging.limit).take(paging.limit).getMany();
    return {
      channel: { ...channelNode(channel), keywords: channel.keywords },
      path,
      children: channels.filter((node) => node.pid === id).map(channelNode),
      list: this.cards(rows, byId),
      total,
    };
  }

  /**
   * GET /api/cms/content: one published item in a shown channel, with its body, tags and author; a `user`
   * item needs a signed-in member. Each read adds one view (one statement, no lost update).
   */
  async content(id: number, memberId: number | null): Promise<ContentPage> {
    const signedIn = memberId !== null;
    const now = unixNow();
    const row = await this.manager.findOne(CmsContentEntity, { where: { id } });
    const channels = await this.shownChannels();
    const byId = new Map(channels.map((channel) => [channel.id, channel]));
    if (!row || !isPublished(row, now) || !byId.has(row.channel_id)) throw new CmsRuleError('content_not_found');
    assertMayRead(row.allow_visit_groups, signedIn);
    await this.transactions.run((manager) => manager.createQueryBuilder().update(CmsContentEntity).set({ views: () => 'views + 1' }).where('id = :id', { id }).execute());
    const tags = row.tags.length ? await this.manager.find(CmsTagEntity, { where: { id: In(row.tags), status: 1 }, select: { id: true, name: true } }) : [];
    const author = row.user_id ? ((await this.members.displayNames(this.manager, [row.user_id])).get(row.user_id) ?? '') : '';
    const [card] = this.cards([row], byId);
    const paid = chargeOf(row.price, row.currency) !== null;
    const bought = paid && memberId !== null && !!(await this.manager.findOne(CmsPayLogEntity, { where: { user_id: memberId, content_id: row.id }, select: { id: true } }));
    const locked = !mayReadInFull(row.price, bought);
    const model = await channelModelFields(this.manager, row.channel_id);
    return {
      ...card,
      views: row.views + 1,
      content: locked ? '' : (row.content ?? ''),
      locked,
      bought,
      extra: (model?.fields ?? []).map((field) => ({ ...field, value: row.extra?.[field.name] ?? null })),
      seotitle: row.seotitle,
      keywords: row.keywords,
      tags: tags.map((tag) => ({ id: tag.id, name: tag.name })),
      author,
      channels: row.channel_ids.map((channelId) => byId.get(channelId)).filter((c): c is CmsChannelEntity => !!c).map(channelNode),
    };
  }

  /** GET /api/cms/comment: the shown comments of published content, oldest first, with their authors' names. */
  async comments(contentId: number, paging: { page: number; limit: number }, signedIn: boolean): Promise<PageAnswer<SiteComment>> {
    const content = await this.manager.findOne(CmsContentEntity, { where: { id: contentId }, select: { id: true, status: true, publish_time: true, allow_visit_groups: true } });
    if (!content || !isPublished(content, unixNow())) throw new CmsRuleError('content_not_found');
    assertMayRead(content.allow_visit_groups, signedIn);
    const qb = this.manager
      .createQueryBuilder(CmsCommentEntity, 'c')
      .select(['c.id', 'c.user_id', 'c.nickname', 'c.content', 'c.createtime'])
      .where('c.content_id = :contentId AND c.status = :shown', { contentId, shown: COMMENT_STATUS.normal })
      .orderBy('c.id', 'ASC');
    const total = await qb.getCount();
    const rows = await qb.skip((paging.page - 1) * paging.limit).take(paging.limit).getMany();
    const names = await this.members.displayNames(this.manager, rows.map((row) => row.user_id));
    return {
      list: rows.map((row) => ({ id: row.id, author: row.user_id ? (names.get(row.user_id) ?? '') : row.nickname, member: row.user_id > 0, content: row.content, createtime: row.createtime })),
      total,
    };
  }

  /** GET /api/cms/search: published titles, keywords and descriptions containing the words; each search is counted in the search log. */
  async search(keywords: string, paging: { page: number; limit: number }): Promise<SearchPage> {
    const words = keywords.replace(/\s+/g, ' ').trim().slice(0, KEYWORDS_MAX);
    if (!words) throw new CmsRuleError('search_empty');
    const channels = await this.shownChannels();
    const byId = new Map(channels.map((channel) => [channel.id, channel]));
    const pattern = containsPattern(words);
    const qb = this.inShownChannels(this.published(), channels).andWhere(
      `(content.title LIKE :pattern ESCAPE '${LIKE_ESCAPE}' OR content.keywords LIKE :pattern ESCAPE '${LIKE_ESCAPE}' OR content.description LIKE :pattern ESCAPE '${LIKE_ESCAPE}')`,
      { pattern },
    );
    const total = await qb.getCount();
    const rows = await qb.skip((paging.page - 1) * paging.limit).take(paging.limit).getMany();
    await this.logSearch(words.toLowerCase());
    return { keywords: words, list: this.cards(rows, byId), total };
  }

  /** One row per keyword, counted: an insert that adds to the existing row on a conflict (no lost counts). */
  private async logSearch(words: string): Promise<void> {
    const now = unixNow();
    await this.transactions.run((manager) =>
      manager.query(
        isMysql(manager)
          ? 'INSERT INTO cms_search_log (keywords, count, createtime, updatetime) VALUES (?, 1, ?, ?) ON DUPLICATE KEY UPDATE count = count + 1, updatetime = VALUES(updatetime)'
          : 'INSERT INTO cms_search_log (keywords, count, createtime, updatetime) VALUES (?, 1, ?, ?) ON CONFLICT (keywords) DO UPDATE SET count = count + 1, updatetime = excluded.updatetime',
        [words, now, now],
      ),
    );
  }

  /** GET /api/cms/contributions: the member's own contributions, every status, with the reason of a refusal. */
  async contributions(memberId: number, paging: { page: number; limit: number }): Promise<PageAnswer<MyContribution>> {
    const qb = this.manager
      .createQueryBuilder(CmsContentEntity, 'content')
      .select(['content.id', 'content.channel_id', 'content.title', 'content.status', 'content.memo', 'content.views', 'content.comments', 'content.publish_time', 'content.create_time', 'content.update_time'])
      .where('content.user_id = :memberId', { memberId })
      .orderBy('content.id', 'DESC');
    const total = await qb.getCount();
    const rows = await qb.skip((paging.page - 1) * paging.limit).take(paging.limit).getMany();
    const channels = new Map((await this.manager.find(CmsChannelEntity, { select: { id: true, name: true } })).map((c) => [c.id, c.name]));
    return { list: rows.map((row) => ({ ...row, channel: channels.get(row.channel_id) ?? '' })), total };
  }

  /** One of the member's own contributions with its body (to revise it). */
  async contribution(memberId: number, id: number): Promise<{ row: ContributionRow }> {
    const row = await this.manager.findOne(CmsContentEntity, {
      where: { id, user_id: memberId },
      select: { id: true, channel_id: true, title: true, content: true, description: true, keywords: true, images: true, status: true, memo: true, extra: true },
    });
    if (!row) throw new CmsRuleError('content_not_found');
    return { row: { ...row, extra: row.extra ?? null } };
  }

  /**
   * GET /api/cms/modelFields?channel_id=: the content-model fields of a shown channel, which the member's
   * contribution form renders (the same fields the back office's content form shows); none without a model.
   */
  async channelModel(channelId: number): Promise<{ model: { id: number; name: string } | null; fields: ContentModelField[] }> {
    const channel = await this.manager.findOne(CmsChannelEntity, { where: { id: channelId, status: 1 }, select: { id: true } });
    if (!channel) throw new CmsRuleError('reference_missing', { field: '@cms.fields.channel_id' });
    const model = await channelModelFields(this.manager, channelId);
    return { model: model ? { id: model.id, name: model.name } : null, fields: model?.fields ?? [] };
  }

  /** GET /api/cms/comments: the member's own comments, every status, with the content they are on. */
  async memberComments(memberId: number, paging: { page: number; limit: number }): Promise<PageAnswer<MyComment>> {
    const qb = this.manager
      .createQueryBuilder(CmsCommentEntity, 'c')
      .select(['c.id', 'c.content_id', 'c.content', 'c.status', 'c.memo', 'c.createtime'])
      .where('c.user_id = :memberId', { memberId })
      .orderBy('c.id', 'DESC');
    const total = await qb.getCount();
    const rows = await qb.skip((paging.page - 1) * paging.limit).take(paging.limit).getMany();
    const ids = [...new Set(rows.map((row) => row.content_id))];
    const titles = new Map(
      ids.length ? (await this.manager.find(CmsContentEntity, { where: { id: In(ids) }, select: { id: true, title: true } })).map((c) => [c.id, c.title]) : [],
    );
    return { list: rows.map((row) => ({ ...row, title: titles.get(row.content_id) ?? '' })), total };
  }
}

function channelNode(channel: CmsChannelEntity): ChannelNode {
  return { id: channel.id, pid: channel.pid, name: channel.name, image: channel.image, description: channel.description };
}

export type ChannelTree = TreeNode<ChannelNode>[];
