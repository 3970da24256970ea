/**
 * The cms context's calls of the site and the member center (/api/cms/*), on the one request instance (member
 * token when signed in). The back office's content pages are CRUD pages (crud.ts) with an `audit` action.
 */
import type {
  AdvertSlot,
  BoughtContent,
  ChannelPage,
  ContentModelField,
  ContentPage,
  ContributionForm,
  ContributionRow,
  HomeData,
  MyComment,
  MyContribution,
  MyNotices,
  SearchPage,
  SiteComment,
} from '@contract/cms';
import type { PageAnswer } from '@contract/envelope';
import request from './request';

const quiet = { showErrorMessage: false };

/** A channel's content model and its fields (none without a model). */
export interface ChannelModel {
  model: { id: number; name: string } | null;
  fields: ContentModelField[];
}

export const cmsApi = {
  home: () => request<HomeData>({ url: '/api/cms/index', method: 'get' }, quiet),
  channel: (id: number, page: number, limit: number) => request<ChannelPage>({ url: '/api/cms/channel', method: 'get', params: { id, page, limit } }, quiet),
  content: (id: number) => request<ContentPage>({ url: '/api/cms/content', method: 'get', params: { id } }, quiet),
  search: (keywords: string, page: number, limit: number) =>
    request<SearchPage>({ url: '/api/cms/search', method: 'get', params: { keywords, page, limit } }, quiet),
  comments: (contentId: number, page: number, limit: number) =>
    request<PageAnswer<SiteComment>>({ url: '/api/cms/comment', method: 'get', params: { content_id: contentId, page, limit } }, quiet),
  postComment: (data: { content_id: number; content: string; nickname?: string; captchaId?: string; captchaInfo?: string }) =>
    request<{ id: number; status: number }>({ url: '/api/cms/comment', method: 'post', data }, { showSuccessMessage: true }),
  contribute: (data: ContributionForm) => request<{ id: number; status: number }>({ url: '/api/cms/contribute', method: 'post', data }, { showSuccessMessage: true }),
  myContributions: (page: number, limit: number) => request<PageAnswer<MyContribution>>({ url: '/api/cms/contributions', method: 'get', params: { page, limit } }),
  myContribution: (id: number) => request<{ row: ContributionRow }>({ url: '/api/cms/contributions', method: 'get', params: { id } }),
  myComments: (page: number, limit: number) => request<PageAnswer<MyComment>>({ url: '/api/cms/comments', method: 'get', params: { page, limit } }),
  /** Paid content: the whole body after this (balance or score, once). */
  buy: (id: number) => request<BoughtContent>({ url: '/api/cms/buy', method: 'post', data: { id } }, { showSuccessMessage: true }),
  adverts: (position: string) => request<AdvertSlot>({ url: '/api/cms/adverts', method: 'get', params: { position } }, quiet),
  /** Counts the click and answers where the advert leads. */
  advertClick: (id: number) => request<{ url: string }>({ url: '/api/cms/advertClick', method: 'get', params: { id } }, quiet),
  /** The content form: the extra fields of a channel's content model. */
  modelFields: (channelId: number) =>
    request<ChannelModel>({ url: '/admin/cms.Content/modelFields', method: 'get', params: { channel_id: channelId } }, quiet),
  /** The member's contribution form: the extra fields of a shown channel's content model. */
  memberModelFields: (channelId: number) => request<ChannelModel>({ url: '/api/cms/modelFields', method: 'get', params: { channel_id: channelId } }, quiet),
};

/** Notices of the signed-in reader: the admin's (back office) or the member's (member center). */
export const noticeApi = {
  admin: {
    mine: (page: number, limit: number) => request<MyNotices>({ url: '/admin/routine.Notice/mine', method: 'get', params: { page, limit } }, quiet),
    read: (ids: number[]) => request<{ count: number }>({ url: '/admin/routine.Notice/read', method: 'post', data: { ids } }, quiet),
  },
  member: {
    mine: (page: number, limit: number) => request<MyNotices>({ url: '/api/notice/index', method: 'get', params: { page, limit } }, quiet),
    read: (ids: number[]) => request<{ count: number }>({ url: '/api/notice/read', method: 'post', data: { ids } }, quiet),
  },
};
