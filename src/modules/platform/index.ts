/** What other contexts may import from the platform context. */
export { PlatformModule } from './platform.module';
export { ConfigAdminModule } from './config/config-admin.module';
export { PlatformSeeder } from './seed/platform.seeder';
export { ClickCaptchaService, isLoginCaptchaEnabled, CLICK_CAPTCHA_TTL } from './captcha/click-captcha.service';
export type { ClickCaptchaImage } from './captcha/click-captcha.service';
export { SiteConfigService, translateConfigText, DEFAULT_TIME_ZONE } from './config/site-config.service';
export { ContentSecurityPolicyService, IFRAME_MENUS } from './config/content-security-policy.service';
export type { IframeMenus } from './config/content-security-policy.service';
export { inlineScriptHashes } from './config/domain/content-security-policy';
export type { SiteConfigForClient } from './config/site-config.service';
export type { ConfigValue } from './config/domain/config-value';
export { parseFileSize } from './upload/domain/file-size';
export { RateGate } from './throttle/rate-gate.service';
export { AttemptBudget } from './throttle/attempt-budget.service';
export type { BudgetClaim } from './throttle/attempt-budget.service';
export type { BudgetPolicy } from './throttle/domain/attempt-budget';
export * from './messaging';
export * from './terminal';
