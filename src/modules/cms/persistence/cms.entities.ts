import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { jsonTransformer, moneyTransformer, numberListTransformer } from './column-transformers';

/** A content channel: a tree by `pid` (0 = top level). `status` 1 shown, 0 hidden on the site. */
@Entity('cms_channel')
export class CmsChannelEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ default: 0 }) pid: number;
  @Column({ default: '' }) name: string;
  @Column({ default: '' }) image: string;
  @Column({ default: '' }) keywords: string;
  @Column({ default: '' }) description: string;
  @Column({ default: 1 }) status: number;
  @Column({ default: 0 }) weigh: number;
  /** The content model whose extra fields the channel's content carries (0: none). */
  @Column({ default: 0 }) model_id: number;
  @Column({ type: 'int', nullable: true }) createtime: number | null;
  @Column({ type: 'int', nullable: true }) updatetime: number | null;
}

/** The spec's cms content (enumerations in domain/content.ts). Times are Unix seconds. */
@Entity('cms_content')
export class CmsContentEntity {
  @PrimaryGeneratedColumn() id: number;
  /** The contributing member (0 when an admin wrote it). */
  @Column({ default: 0 }) user_id: number;
  /** The admin who wrote it (0 for a contribution). */
  @Column({ default: 0 }) admin_id: number;
  @Column({ default: 0 }) channel_id: number;
  /** Further channels it is listed in. */
  @Column({ type: 'varchar', default: '', transformer: numberListTransformer }) channel_ids: number[];
  @Column({ default: '' }) title: string;
  @Column({ default: '' }) title_style: string;
  @Column({ type: 'varchar', default: '', transformer: numberListTransformer }) flag: number[];
  @Column({ type: 'text', nullable: true }) images: string | null;
  /** Sanitised rich text. */
  @Column({ type: 'text', nullable: true }) content: string | null;
  @Column({ default: '' }) seotitle: string;
  @Column({ default: '' }) keywords: string;
  @Column({ default: '' }) description: string;
  /** Ids of cms_tags. */
  @Column({ type: 'varchar', default: '', transformer: numberListTransformer }) tags: number[];
  @Column({ default: '' }) url: string;
  @Column({ default: 1 }) target: number;
  @Column({ default: 0 }) views: number;
  @Column({ default: 0 }) comments: number;
  @Column({ default: 0 }) likes: number;
  @Column({ default: 0 }) dislikes: number;
  @Column({ default: 0 }) weigh: number;
  @Column({ type: 'decimal', precision: 14, scale: 2, default: '0.00', transformer: moneyTransformer }) price: string;
  @Column({ default: 1 }) currency: number;
  @Column({ default: 1 }) allow_visit_groups: number;
  @Column({ default: 1 }) allow_comment_groups: number;
  @Column({ default: 0 }) status: number;
  /** Why it was refused (or taken offline). */
  @Column({ default: '' }) memo: string;
  @Column({ type: 'int', nullable: true }) publish_time: number | null;
  @Column({ type: 'int', nullable: true }) update_time: number | null;
  @Column({ type: 'int', nullable: true }) create_time: number | null;
  /** The values of its channel's content-model fields, by field name (null: none). */
  @Column({ type: 'text', nullable: true, transformer: jsonTransformer }) extra: Record<string, string | number> | null;
}

/** A comment under content; plain text. `user_id` 0 and a `nickname` for a visitor's. */
@Entity('cms_comment')
export class CmsCommentEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ default: 0 }) content_id: number;
  @Column({ default: 0 }) user_id: number;
  @Column({ default: '' }) nickname: string;
  @Column({ type: 'text' }) content: string;
  @Column({ default: 0 }) status: number;
  @Column({ default: '' }) memo: string;
  @Column({ default: '' }) ip: string;
  @Column({ type: 'int', nullable: true }) createtime: number | null;
  @Column({ type: 'int', nullable: true }) updatetime: number | null;
}

@Entity('cms_tags')
export class CmsTagEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ default: '' }) name: string;
  @Column({ default: 0 }) weigh: number;
  @Column({ default: 1 }) status: number;
  @Column({ type: 'int', nullable: true }) createtime: number | null;
  @Column({ type: 'int', nullable: true }) updatetime: number | null;
}

@Entity('cms_friendly_link')
export class CmsFriendlyLinkEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ default: '' }) title: string;
  @Column({ default: '' }) link: string;
  @Column({ default: '' }) logo: string;
  @Column({ default: 1 }) target: number;
  @Column({ default: 0 }) weigh: number;
  @Column({ default: 1 }) status: number;
  @Column({ type: 'int', nullable: true }) createtime: number | null;
  @Column({ type: 'int', nullable: true }) updatetime: number | null;
}

/** What visitors searched for: one row per keyword, counted. */
@Entity('cms_search_log')
export class CmsSearchLogEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ default: '' }) keywords: string;
  @Column({ default: 0 }) count: number;
  @Column({ type: 'int', nullable: true }) createtime: number | null;
  @Column({ type: 'int', nullable: true }) updatetime: number | null;
}

/** A place on the site adverts are shown in (`home`, `member`), by its unique name. */
@Entity('cms_advert_position')
export class CmsAdvertPositionEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ default: '' }) name: string;
  @Column({ default: '' }) title: string;
  @Column({ default: 0 }) width: number;
  @Column({ default: 0 }) height: number;
  @Column({ type: 'int', nullable: true }) createtime: number | null;
  @Column({ type: 'int', nullable: true }) updatetime: number | null;
}

/** An advert: shown in its position while enabled and within its schedule; `clicks` counted by the site. */
@Entity('cms_advert')
export class CmsAdvertEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ default: 0 }) position_id: number;
  @Column({ default: '' }) title: string;
  @Column({ default: '' }) image: string;
  /** http(s) only. */
  @Column({ default: '' }) link: string;
  @Column({ type: 'int', nullable: true }) start_time: number | null;
  @Column({ type: 'int', nullable: true }) end_time: number | null;
  @Column({ default: 0 }) weigh: number;
  @Column({ default: 1 }) status: number;
  @Column({ default: 0 }) clicks: number;
  @Column({ type: 'int', nullable: true }) createtime: number | null;
  @Column({ type: 'int', nullable: true }) updatetime: number | null;
}

/** One purchase of paid content by a member (unique per member and content); `log_id` is the balance or score log row. */
@Entity('cms_pay_log')
export class CmsPayLogEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ default: 0 }) content_id: number;
  @Column({ default: 0 }) user_id: number;
  /** The content's title when it was bought. */
  @Column({ default: '' }) title: string;
  @Column({ default: 1 }) currency: number;
  @Column({ type: 'decimal', precision: 14, scale: 2, default: '0.00', transformer: moneyTransformer }) amount: string;
  @Column({ default: 0 }) log_id: number;
  @Column({ type: 'int', nullable: true }) createtime: number | null;
}

/** A content model: the extra fields (domain/content-model.ts) the content of its channels carries. */
@Entity('cms_content_model')
export class CmsContentModelEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ default: '' }) name: string;
  @Column({ type: 'text', nullable: true, transformer: jsonTransformer }) fields: unknown;
  @Column({ type: 'int', nullable: true }) createtime: number | null;
  @Column({ type: 'int', nullable: true }) updatetime: number | null;
}

/** An announcement to admins (audience 1), members (2) or both (3), shown from its publish time while enabled. */
@Entity('notice')
export class NoticeEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ default: '' }) title: string;
  /** Sanitised rich text. */
  @Column({ type: 'text', nullable: true }) content: string | null;
  @Column({ default: 3 }) audience: number;
  @Column({ type: 'int', nullable: true }) publish_time: number | null;
  @Column({ default: 1 }) status: number;
  @Column({ default: 0 }) admin_id: number;
  @Column({ type: 'int', nullable: true }) createtime: number | null;
  @Column({ type: 'int', nullable: true }) updatetime: number | null;
}

/** A reader (`admin` or `user`, by id) has read a notice. */
@Entity('notice_read')
export class NoticeReadEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ default: 0 }) notice_id: number;
  @Column({ default: '' }) reader_type: string;
  @Column({ default: 0 }) reader_id: number;
  @Column({ type: 'int', nullable: true }) createtime: number | null;
}

export const CMS_ENTITIES = [
  CmsChannelEntity,
  CmsContentEntity,
  CmsCommentEntity,
  CmsTagEntity,
  CmsFriendlyLinkEntity,
  CmsSearchLogEntity,
  CmsAdvertPositionEntity,
  CmsAdvertEntity,
  CmsPayLogEntity,
  CmsContentModelEntity,
  NoticeEntity,
  NoticeReadEntity,
];
