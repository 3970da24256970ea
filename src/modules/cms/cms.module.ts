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
import { ModuleManifest, ModuleRegistry } from '../../shared/modules/module-registry';

/**
 * Content management (the spec's cms content): channels, content with audit, tags, comments, friendly
 * links and the search log in the back office; the site's home, channel, content and search pages, member
 * comments and contributions under /api/cms.
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

@Module({
  imports: [TypeOrmModule.forFeature(CMS_ENTITIES), PlatformModule, MessagingModule, AccountsModule],
  controllers: [...CMS_ADMIN_CONTROLLERS, CmsSiteController],
  providers: [CmsCruds, CmsSiteReader, AuditContentHandler, AuditCommentsHandler, PostCommentHandler, ContributeContentHandler, NotifyAuthorListener, CmsDemoSeeder],
  exports: [CmsDemoSeeder],
})
export class CmsModule {
  constructor(modules: ModuleRegistry) {
    modules.declare(CMS_MODULE);
  }
}
