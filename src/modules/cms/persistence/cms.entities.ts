import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { moneyTransformer, numberListTransformer } from './column-transformers';

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

export const CMS_ENTITIES = [CmsChannelEntity, CmsContentEntity, CmsCommentEntity, CmsTagEntity, CmsFriendlyLinkEntity, CmsSearchLogEntity];
