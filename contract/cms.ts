/**
 * The site's content as `/api/cms/*` answers it: what a visitor or member sees (published content in shown
 * channels) and the member's own contributions and comments. Times are Unix seconds.
 */
import type { PageAnswer } from './envelope';

/** Content as lists show it: no body. */
export interface ContentCard {
  id: number;
  channel_id: number;
  channel: { id: number; name: string } | null;
  title: string;
  title_style: string;
  flag: number[];
  images: string[];
  description: string;
  url: string;
  target: number;
  views: number;
  comments: number;
  likes: number;
  /** Money: two decimals. */
  price: string;
  currency: number;
  allow_visit_groups: number;
  allow_comment_groups: number;
  publish_time: number | null;
}

/** A shown channel; in a tree, the sub-channels under `children` (leaves carry none). */
export interface ChannelNode {
  id: number;
  pid: number;
  name: string;
  image: string;
  description: string;
  children?: ChannelNode[];
}

export interface FriendlyLink {
  id: number;
  title: string;
  link: string;
  logo: string;
  target: number;
}

/** GET /api/cms/index */
export interface HomeData {
  channels: ChannelNode[];
  top: ContentCard[];
  hot: ContentCard[];
  recommend: ContentCard[];
  new: ContentCard[];
  latest: ContentCard[];
  friendlyLinks: FriendlyLink[];
  hotSearches: string[];
}

/** GET /api/cms/channel */
export interface ChannelPage extends PageAnswer<ContentCard> {
  channel: ChannelNode & { keywords: string };
  path: ChannelNode[];
  children: ChannelNode[];
}

/** One extra field of a content model (`cms.ContentModel`): the content form renders it, the server checks it. */
export interface ContentModelField {
  name: string;
  title: string;
  type: 'text' | 'number' | 'image' | 'select';
  options: string[];
  required: boolean;
}

/** GET /api/cms/content */
export interface ContentPage extends ContentCard {
  /** The whole body; for paid content not yet bought, '' (`locked` true). */
  content: string;
  /** Paid content the reader has not bought: the body is withheld until `POST /api/cms/buy`. */
  locked: boolean;
  /** Paid content this member bought. */
  bought: boolean;
  /** The channel's content-model fields with this item's values (none without a model). */
  extra: Array<ContentModelField & { value: string | number | null }>;
  seotitle: string;
  keywords: string;
  tags: Array<{ id: number; name: string }>;
  author: string;
  channels: ChannelNode[];
}

/** GET /api/cms/search */
export interface SearchPage extends PageAnswer<ContentCard> {
  keywords: string;
}

/** GET /api/cms/comment: one shown comment; `author` is the member's name or the guest's nickname. */
export interface SiteComment {
  id: number;
  author: string;
  member: boolean;
  content: string;
  createtime: number | null;
}

/** GET /api/cms/contributions: one of the member's own contributions, any status. */
export interface MyContribution {
  id: number;
  channel_id: number;
  channel: string;
  title: string;
  status: number;
  /** Why it was refused ('' otherwise). */
  memo: string;
  views: number;
  comments: number;
  publish_time: number | null;
  create_time: number | null;
  update_time: number | null;
}

/** POST /api/cms/contribute (`id` revises one of the member's own). */
export interface ContributionForm {
  id?: number;
  channel_id: number;
  title: string;
  content: string;
  description?: string;
  keywords?: string;
  /** The values of the channel's content-model fields (`GET /api/cms/modelFields?channel_id=`), by field name. */
  extra?: Record<string, string | number | null> | null;
}

/** GET /api/cms/contributions?id=: one of the member's own contributions with its body, to revise it. */
export interface ContributionRow {
  id: number;
  channel_id: number;
  title: string;
  content: string | null;
  description: string;
  keywords: string;
  images: string | null;
  status: number;
  memo: string;
  /** Its content-model values (null: its channel has no model). */
  extra: Record<string, string | number> | null;
}

/** GET /api/cms/comments: one of the member's own comments, any status, with the title it is on. */
export interface MyComment {
  id: number;
  content_id: number;
  title: string;
  content: string;
  status: number;
  memo: string;
  createtime: number | null;
}

/** GET /admin/routine.Notice/mine and GET /api/notice/index: the reader's notices, newest first. */
export interface MyNotice {
  id: number;
  title: string;
  /** Sanitised rich text. */
  content: string;
  publish_time: number | null;
  read: boolean;
}

export interface MyNotices extends PageAnswer<MyNotice> {
  /** The reader's unread notices in all. */
  unread: number;
}

/** GET /api/cms/adverts?position=<name>: the adverts showing in a position, in order. */
export interface AdvertSlot {
  position: { name: string; title: string; width: number; height: number };
  list: Array<{ id: number; title: string; image: string; link: string }>;
}

/** POST /api/cms/buy */
export interface BoughtContent {
  id: number;
  content_id: number;
  currency: number;
  amount: string;
}
