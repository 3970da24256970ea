/**
 * The site's content calls (/api/cms/*), on the one request instance (member token when signed in).
 */
import request from '@/api/request';

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
  price: string;
  currency: number;
  allow_visit_groups: number;
  allow_comment_groups: number;
  publish_time: number | null;
}

export interface ChannelNode {
  id: number;
  pid: number;
  name: string;
  image: string;
  description: string;
  children?: ChannelNode[];
}

export interface HomeData {
  channels: ChannelNode[];
  top: ContentCard[];
  hot: ContentCard[];
  recommend: ContentCard[];
  new: ContentCard[];
  latest: ContentCard[];
  friendlyLinks: Array<{ id: number; title: string; link: string; logo: string; target: number }>;
  hotSearches: string[];
}

export interface ChannelPage {
  channel: ChannelNode & { keywords: string };
  path: ChannelNode[];
  children: ChannelNode[];
  list: ContentCard[];
  total: number;
}

export interface ContentPage extends ContentCard {
  content: string;
  seotitle: string;
  keywords: string;
  tags: Array<{ id: number; name: string }>;
  author: string;
  channels: ChannelNode[];
}

export interface SiteComment {
  id: number;
  author: string;
  member: boolean;
  content: string;
  createtime: number;
}

export interface MyContribution {
  id: number;
  channel_id: number;
  channel: string;
  title: string;
  status: number;
  memo: string;
  views: number;
  comments: number;
  publish_time: number | null;
  create_time: number | null;
  update_time: number | null;
}

export interface MyComment {
  id: number;
  content_id: number;
  title: string;
  content: string;
  status: number;
  memo: string;
  createtime: number;
}

export interface ContributionForm {
  id?: number;
  channel_id: number;
  title: string;
  content: string;
  description?: string;
  keywords?: string;
}

const quiet = { showErrorMessage: false };

export const cmsApi = {
  home: () => request<HomeData>({ url: '/api/cms/index', method: 'get' }, quiet),
  channel: (id: number, page: number, limit: number) => request<ChannelPage>({ url: '/api/cms/channel', method: 'get', params: { id, page, limit } }, quiet),
  content: (id: number) => request<ContentPage>({ url: '/api/cms/content', method: 'get', params: { id } }, quiet),
  search: (keywords: string, page: number, limit: number) =>
    request<{ keywords: string; list: ContentCard[]; total: number }>({ url: '/api/cms/search', method: 'get', params: { keywords, page, limit } }, quiet),
  comments: (contentId: number, page: number, limit: number) =>
    request<{ list: SiteComment[]; total: number }>({ url: '/api/cms/comment', method: 'get', params: { content_id: contentId, page, limit } }, quiet),
  postComment: (data: { content_id: number; content: string; nickname?: string; captchaId?: string; captchaInfo?: string }) =>
    request<{ id: number; status: number }>({ url: '/api/cms/comment', method: 'post', data }, { showSuccessMessage: true }),
  contribute: (data: ContributionForm) => request<{ id: number; status: number }>({ url: '/api/cms/contribute', method: 'post', data }, { showSuccessMessage: true }),
  myContributions: (page: number, limit: number) => request<{ list: MyContribution[]; total: number }>({ url: '/api/cms/contributions', method: 'get', params: { page, limit } }),
  myContribution: (id: number) => request<{ row: ContributionForm & { status: number; memo: string } }>({ url: '/api/cms/contributions', method: 'get', params: { id } }),
  myComments: (page: number, limit: number) => request<{ list: MyComment[]; total: number }>({ url: '/api/cms/comments', method: 'get', params: { page, limit } }),
};
