/** What other contexts may import from the content context. */
export { CmsModule } from './cms.module';
export { CONTENT_STATUS, CONTENT_FLAG, LINK_TARGET, CURRENCY, VISIT_GROUP, COMMENT_GROUP } from './domain/content';
export { COMMENT_STATUS } from './domain/comment';
export { CONTRIBUTE_RULE } from './commands/contribute-content/contribute-content.handler';
export { CmsDemoSeeder } from './seed/cms-demo.seeder';
export { CmsSeeder } from './seed/cms.seeder';
