import { Inject, Injectable, Optional } from '@nestjs/common';
import { buildContentSecurityPolicy } from './domain/content-security-policy';
import { bucketUrl, CLOUD_SETTING_NAMES, invalidCloudSettings, publicBaseUrl, readCloudSettings } from '../upload/cloud/cloud-settings';
import { SiteConfigService } from './site-config.service';

/**
 * The addresses of the iframe menus (admin and member rules of menu type iframe), supplied by the accounts
 * context, which owns the rules, as a global provider under IFRAME_MENUS.
 */
export interface IframeMenus {
  iframeMenuUrls(): Promise<string[]>;
}

export const IFRAME_MENUS = Symbol('IFRAME_MENUS');

/**
 * The policy of the web app's page, computed for each page load (a handful per session: the app is one
 * page) from what it depends on now: the iframe menus' addresses and the cloud bucket of the site
 * settings. Computed rather than a site setting of its own, so a new iframe menu or bucket works at once
 * and nobody has to keep two lists in step.
 */
@Injectable()
export class ContentSecurityPolicyService {
  constructor(
    private readonly siteConfig: SiteConfigService,
    @Optional() @Inject(IFRAME_MENUS) private readonly iframeMenus: IframeMenus | null,
  ) {}

  async header(inlineScriptHashes: string[]): Promise<string> {
    const settings = readCloudSettings(await this.siteConfig.values(Object.values(CLOUD_SETTING_NAMES)));
    // The browser sends cloud uploads to the bucket (presigned or signed with STS credentials: the server,
    // not the browser, talks to the STS endpoint) and shows images from the bucket or the public URL.
    const cloud = invalidCloudSettings(settings).length ? null : { bucket: bucketUrl(settings), public: publicBaseUrl(settings) };
    return buildContentSecurityPolicy({
      inlineScriptHashes,
      connect: cloud ? [cloud.bucket] : [],
      images: cloud ? [cloud.bucket, cloud.public] : [],
      frames: (await this.iframeMenus?.iframeMenuUrls()) ?? [],
    });
  }
}
