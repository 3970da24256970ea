import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { moneyTransformer, numberListTransformer } from './column-transformers';

/** A content channel: a tree by `pid` (0 = top level). `status` 1 shown, 0 hidden on the site. */
@Entity('cms_channel')
export class CmsChannelEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column() pid: number;
  @Column() name: string;
  @Column() image: string;
  @Column() keywords: string;
  @Column() description: string;
  @Column() status: number;
  @Column() weigh: number;
  @Column({ type: 'int', nullable: true }) createtime: number | null;
  @Column({ type: 'int', nullable: true }) updatetime: number | null;
}

/** The spec's cms content (enumerations in domain/content.ts). Times are Unix seconds. */
@Entity('cms_content')
export class CmsContentEntity {
  @PrimaryGeneratedColumn() id: number;
  /** The contributing member (0 when an admin wrote it). */
  @Column() user_id: number;
  /** The admin who wrote it (0 for a contribution). */
  @Column() admin_id: number;
  @Column() channel_id: number;
  /** Further channels it is listed in. */
  @Column({ type: 'varchar', transformer: numberListTransformer }) channel_ids: number[];
  @Column() title: string;
  @Column() title_style: string;
  @Column({ type: 'varchar', transformer: numberListTransformer }) flag: number[];
  @Column({ type: 'text', nullable: true }) images: string | null;
  /** Sanitised rich text. */
  @Column({ type: 'text', nullable: true }) content: string | null;
  @Column() seotitle: string;
  @Column() keywords: string;
  @Column() description: string;
  /** Ids of cms_tags. */
  @Column({ type: 'varchar', transformer: numberListTransformer }) tags: number[];
  @Column() url: string;
  @Column() target: number;
  @Column() views: number;
  @Column() comments: number;
  @Column() likes: number;
  @Column() dislikes: number;
  @Column() weigh: number;
  @Column({ type: 'decimal', precision: 14, scale: 2, transformer: moneyTransformer }) price: string;
  @Column() currency: number;
  @Column() allow_visit_groups: number;
  @Column() allow_comment_groups: number;
  @Column() status: number;
  /** Why it was refused (or taken offline). */
  @Column() memo: string;
  @Column({ type: 'int', nullable: true }) publish_time: number | null;
  @Column({ type: 'int', nullable: true }) update_time: number | null;
  @Column({ type: 'int', nullable: true }) create_time: number | null;
}

/** A comment under content; plain text. `user_id` 0 and a `nickname` for a visitor's. */
@Entity('cms_comment')
export class CmsCommentEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column() content_id: number;
  @Column() user_id: number;
  @Column() nickname: string;
  @Column({ type: 'text' }) content: string;
  @Column() status: number;
  @Column() memo: string;
  @Column() ip: string;
  @Column({ type: 'int', nullable: true }) createtime: number | null;
  @Column({ type: 'int', nullable: true }) updatetime: number | null;
}

@Entity('cms_tags')
export class CmsTagEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column() name: string;
  @Column() weigh: number;
  @Column() status: number;
  @Column({ type: 'int', nullable: true }) createtime: number | null;
  @Column({ type: 'int', nullable: true }) updatetime: number | null;
}

@Entity('cms_friendly_link')
export class CmsFriendlyLinkEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column() title: string;
  @Column() link: string;
  @Column() logo: string;
  @Column() target: number;
  @Column() weigh: number;
  @Column() status: number;
  @Column({ type: 'int', nullable: true }) createtime: number | null;
  @Column({ type: 'int', nullable: true }) updatetime: number | null;
}

/** What visitors searched for: one row per keyword, counted. */
@Entity('cms_search_log')
export class CmsSearchLogEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column() keywords: string;
  @Column() count: number;
  @Column({ type: 'int', nullable: true }) createtime: number | null;
  @Column({ type: 'int', nullable: true }) updatetime: number | null;
}

export const CMS_ENTITIES = [CmsChannelEntity, CmsContentEntity, CmsCommentEntity, CmsTagEntity, CmsFriendlyLinkEntity, CmsSearchLogEntity];
