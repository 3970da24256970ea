/** The oauth context's public surface (the optional module `oauth`). */
export { OauthModule } from './oauth.module';
