import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountsModule } from '../accounts';
import { MessagingModule, PlatformModule } from '../platform';
import { AuditCommentsHandler } from './commands/audit-comments/audit-comments.handler';
import { AuditContentHandler } from './commands/audit-content/audit-content.handler';
import { ContributeContentHandler } from './commands/contribute-content/contribute-content.handler';
import { PostCommentHandler } from './commands/post-comment/post-comment.handler';
import { CmsCruds } from './crud/cms.cruds';
import { CMS_ADMIN_CONTROLLERS } from './http/cms-admin.controllers';
import { CmsSiteController } from './http/cms-site.controller';
import { CMS_ENTITIES } from './persistence/cms.entities';
import { NotifyAuthorListener } from './events/notify-author.listener';
import { CmsSiteReader } from './queries/cms-site/cms-site.reader';
import { CmsDemoSeeder } from './seed/cms-demo.seeder';
import { CmsSeeder } from './seed/cms.seeder';
import { CmsExtraCruds } from './crud/extra.cruds';
import { ADVERT_CONTROLLERS } from './http/advert.controllers';
import { NOTICE_CONTROLLERS } from './http/notice.controllers';
import { PAID_CONTENT_CONTROLLERS } from './http/paid-content.controllers';
import { NoticeReader } from './queries/notice/notice.reader';
import { AdvertReader } from './queries/advert/advert.reader';
import { BuyContentHandler } from './commands/buy-content/buy-content.handler';
import { CountAdvertClickHandler } from './commands/count-advert-click/count-advert-click.handler';
import { ReadNoticesHandler } from './commands/read-notices/read-notices.handler';
import { ModuleManifest, ModuleRegistry } from '../../shared/modules/module-registry';

/**
 * Content management (the spec's cms content): channels, content with audit, tags, comments, friendly
 * links and the search log in the back office; the site's home, channel, content and search pages, member
 * comments and contributions under /api/cms. Paid content and content models belong to it; notices
 * (NOTICE_CONTROLLERS) and adverts (ADVERT_CONTROLLERS) have controllers of their own, so each can be
 * switched off by name.
 */
/** This context as module management lists it. */
export const CMS_MODULE: ModuleManifest = {
  name: 'cms',
  title: 'module.title.cms',
  version: '1.0.0',
  core: false,
  routes: ['/admin/cms.', '/api/cms/'],
  // the back office's content folder and the member center's contributions and comments
  menus: ['cms'],
  jobs: [],
};

/** Adverts (optional): positions and adverts in the back office, the showing ones and their clicks on the site. */
export const ADVERTS_MODULE: ModuleManifest = {
  name: 'adverts',
  title: 'module.title.adverts',
  version: '1.0.0',
  core: false,
  // `/admin/cms.advert` also covers `cms.AdvertPosition`; the longer prefix wins over cms's own
  routes: ['/admin/cms.advert', '/api/cms/advert'],
  menus: ['cms/advert', 'cms/advertPosition'],
  jobs: [],
};

/** Notices (optional): announcements to admins and members, with their read state. */
export const NOTICES_MODULE: ModuleManifest = {
  name: 'notices',
  title: 'module.title.notices',
  version: '1.0.0',
  core: false,
  routes: ['/admin/routine.notice', '/api/notice/'],
  menus: ['routine/notice', 'account/notice'],
  jobs: [],
};

@Module({
  imports: [TypeOrmModule.forFeature(CMS_ENTITIES), PlatformModule, MessagingModule, AccountsModule],
  controllers: [...CMS_ADMIN_CONTROLLERS, CmsSiteController, ...PAID_CONTENT_CONTROLLERS, ...ADVERT_CONTROLLERS, ...NOTICE_CONTROLLERS],
  providers: [
    CmsCruds,
    CmsExtraCruds,
    CmsSiteReader,
    NoticeReader,
    AdvertReader,
    AuditContentHandler,
    AuditCommentsHandler,
    PostCommentHandler,
    ContributeContentHandler,
    BuyContentHandler,
    CountAdvertClickHandler,
    ReadNoticesHandler,
    NotifyAuthorListener,
    CmsSeeder,
    CmsDemoSeeder,
  ],
  exports: [CmsSeeder, CmsDemoSeeder],
})
export class CmsModule {
  constructor(modules: ModuleRegistry) {
    modules.declare(CMS_MODULE);
    modules.declare(ADVERTS_MODULE);
    modules.declare(NOTICES_MODULE);
  }
}
