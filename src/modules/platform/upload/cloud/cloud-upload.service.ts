import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Injectable, Logger } from '@nestjs/common';
import { EntityManager, In } from 'typeorm';
import { TransactionRunner } from '../../../../shared/database/transaction-runner';
import { AppError } from '../../../../shared/http/app-error';
import { unixNow } from '../../../../shared/http/envelope';
import { SiteConfigService } from '../../config/site-config.service';
import { AttachmentEntity } from '../persistence/attachment.entity';
import { probeImage } from '../image-probe';
import { buildSaveName, randomAlnum } from '../savename';
import { answer, splitByOwner, UploadedFile, Uploader } from '../upload.service';
import { isImage, suffixOf } from '../upload-rules';
import { removeQuietly, uploadTempDir } from '../upload-storage';
import { cloudNotConfiguredError, cloudRefusalError } from './cloud-errors';
import {
  CLOUD_PART_SIZE,
  CloudFileFacts,
  credentialLifetime,
  keyIsInside,
  keyOfSaveName,
  keyOfUrl,
  keyPrefixOf,
  parseCloudFile,
  partCount,
  roleSessionName,
  taggedKey,
  uploadSessionPolicy,
} from './cloud-object';
import {
  bucketUrl,
  CLOUD_SETTING_NAMES,
  CLOUD_STORAGE,
  CloudSettings,
  effectiveEndpoint,
  invalidCloudSettings,
  isCloudMode,
  publicBaseUrl,
  readCloudSettings,
  urlOfKey,
} from './cloud-settings';
import { CloudStorageError, S3Bucket } from './s3-bucket';
import type { CloudTicket } from '../../../../../contract/upload';

/**
 * `Cos/refreshToken`: what the browser needs to upload one file straight into the bucket.
 *
 * - `sts`: temporary credentials from AssumeRole whose session policy allows writing exactly `key`
 *   (create, upload parts, complete, abort); the browser signs its own S3 requests with them.
 * - `presigned`: no STS configured. The server starts the multipart upload and hands out one presigned URL
 *   per 5 MiB part, one to complete and one to abort: each URL is good for that one request on that one
 *   key and upload, until `expiredTime`. The credential fields are then empty.
 * - `exists`: the same content is stored for this topic already; the browser calls back without uploading.
 */
export type { CloudTicket } from '../../../../../contract/upload';

interface CloudContext {
  upload: { mode: string; maxsize: number; savename: string; mimetype: string };
  settings: CloudSettings;
}

/**
 * Cloud upload to an S3-compatible bucket: credentials scoped to one object for the browser, then the
 * callback, which only records an attachment for an object that is in the upload folder, has the stated
 * size and whose content has the stated SHA-1 (read back from the bucket). De-duplicated by sha1 + topic +
 * storage like local uploads.
 */
@Injectable()
export class CloudUploadService {
  private readonly logger = new Logger('CloudUpload');

  constructor(
    private readonly siteConfig: SiteConfigService,
    private readonly transactions: TransactionRunner,
  ) {}

  async refreshToken(query: Record<string, unknown>, uploader: Uploader): Promise<CloudTicket> {
    const { upload, settings } = await this.context();
    const facts = this.facts(query, upload);
    return this.withBucket(settings, async (bucket) => {
      const now = unixNow();
      const common = {
        bucket: settings.bucket,
        region: settings.region,
        endpoint: effectiveEndpoint(settings),
        pathStyle: settings.pathStyle,
        partSize: CLOUD_PART_SIZE,
      };
      const noCredentials = { tmpSecretId: '', tmpSecretKey: '', sessionToken: '', startTime: 0, expiredTime: 0, upload: null };
      const mode = settings.stsEndpoint ? 'sts' : 'presigned';

      // Only the uploader's own copy is offered: another's key would tell that uploader's file name.
      const duplicate = (await this.rowsOf(bucket, settings, facts)).live.find(({ row }) => row.admin_id === uploader.adminId && row.user_id === uploader.userId);
      if (duplicate) {
        return { ...common, ...noCredentials, mode, exists: true, key: duplicate.key, objectUrl: urlOfKey(bucketUrl(settings), duplicate.key), url: duplicate.row.url };
      }

      const key = await this.freeKey(bucket, settings, upload.savename, facts, now);
      const lifetime = credentialLifetime(facts.size);
      const target = { key, objectUrl: urlOfKey(bucketUrl(settings), key), url: urlOfKey(publicBaseUrl(settings), key) };
      if (mode === 'sts') {
        const credentials = await bucket.assumeRole({ policy: uploadSessionPolicy(settings.bucket, key), sessionName: roleSessionName(uploader), durationSeconds: lifetime });
        return {
          ...common,
          ...target,
          mode,
          exists: false,
          tmpSecretId: credentials.accessKeyId,
          tmpSecretKey: credentials.secretAccessKey,
          sessionToken: credentials.sessionToken,
          startTime: now,
          expiredTime: credentials.expiration || now + lifetime,
          upload: null,
        };
      }
      const uploadId = await bucket.createMultipartUpload(key, facts.type);
      const parts: Array<{ partNumber: number; url: string }> = [];
      for (let partNumber = 1; partNumber <= partCount(facts.size); partNumber++) {
        parts.push({ partNumber, url: await bucket.presignPart(key, uploadId, partNumber, lifetime) });
      }
      return {
        ...common,
        ...target,
        ...noCredentials,
        mode,
        exists: false,
        startTime: now,
        expiredTime: now + lifetime,
        upload: { uploadId, parts, complete: await bucket.presignComplete(key, uploadId, lifetime), abort: await bucket.presignAbort(key, uploadId, lifetime) },
      };
    });
  }

  async callback(body: Record<string, unknown>, uploader: Uploader, origin: string): Promise<UploadedFile> {
    const { upload, settings } = await this.context();
    const facts = this.facts(body, upload);
    const key = typeof body.url === 'string' ? keyOfUrl(body.url, [publicBaseUrl(settings), bucketUrl(settings)]) : null;
    if (!key || !keyIsInside(key, keyPrefixOf(upload.savename))) throw new AppError('platform.cloud.outside_prefix');
    const url = urlOfKey(publicBaseUrl(settings), key);
    if (url.length > 255) throw new AppError('platform.upload.invalid_savename');

    return this.withBucket(settings, async (bucket) => {
      const stored = await bucket.head(key);
      if (!stored) throw new AppError('platform.cloud.not_found');
      if (stored.size !== facts.size) throw new AppError('platform.cloud.size_mismatch');

      await mkdir(uploadTempDir(), { recursive: true });
      const path = join(uploadTempDir(), `${Date.now()}-${randomBytes(8).toString('hex')}.cloud`);
      try {
        const read = await bucket.download(key, path, facts.size);
        if (read.size !== facts.size) throw new AppError('platform.cloud.size_mismatch');
        if (read.sha1 !== facts.sha1) throw new AppError('platform.cloud.sha1_mismatch');
        let width = 0;
        let height = 0;
        const mimetype = (facts.type || 'application/octet-stream').slice(0, 100);
        if (isImage(facts.name, mimetype)) {
          const size = await probeImage(path, suffixOf(facts.name));
          if (!size) throw new AppError('platform.upload.invalid_image', { name: facts.name });
          ({ width, height } = size);
        }
        const { deadIds, foreignIds } = await this.rowsOf(bucket, settings, facts);
        const row = await this.transactions.run((manager) => this.record(manager, { facts, url, mimetype, width, height, uploader, deadIds, foreignIds }));
        return answer(row, origin);
      } finally {
        await removeQuietly(path);
      }
    });
  }

  /**
   * Removes the objects of deleted attachments from the bucket, when they are addresses of the bucket the
   * settings name now (an object of a former bucket is left alone). Failures are logged, not thrown: the
   * rows are gone already.
   */
  async removeObjects(urls: string[]): Promise<void> {
    if (!urls.length) return;
    const settings = readCloudSettings(await this.siteConfig.values(Object.values(CLOUD_SETTING_NAMES)));
    if (invalidCloudSettings(settings).length) return;
    const bases = [publicBaseUrl(settings), bucketUrl(settings)];
    const bucket = new S3Bucket(settings);
    try {
      for (const url of urls) {
        const key = /^https?:\/\//i.test(url) ? keyOfUrl(url, bases) : null;
        if (!key) continue;
        await bucket.delete(key).catch((error: Error) => this.logger.warn(`Cloud storage: ${error.message}`));
      }
    } finally {
      bucket.destroy();
    }
  }

  /** The upload settings, refusing when the mode is local or the cloud settings cannot work. */
  private async context(): Promise<CloudContext> {
    const upload = (await this.siteConfig.forClient()).upload;
    if (!isCloudMode(upload.mode)) throw new AppError('platform.cloud.not_enabled');
    const settings = readCloudSettings(await this.siteConfig.values(Object.values(CLOUD_SETTING_NAMES)));
    const invalid = invalidCloudSettings(settings);
    if (invalid.length) throw cloudNotConfiguredError(invalid);
    return { upload, settings };
  }

  private facts(input: Record<string, unknown>, limits: { mimetype: string; maxsize: number }): CloudFileFacts {
    const parsed = parseCloudFile(input, limits);
    if (parsed.refusal) throw cloudRefusalError(parsed.refusal);
    return parsed.facts;
  }

  /** Runs calls on the bucket; its failures answer "could not be reached" (the details go to the log). */
  private async withBucket<T>(settings: CloudSettings, work: (bucket: S3Bucket) => Promise<T>): Promise<T> {
    const bucket = new S3Bucket(settings);
    try {
      return await work(bucket);
    } catch (error) {
      if (!(error instanceof CloudStorageError)) throw error;
      this.logger.warn(`Cloud storage: ${error.message}`);
      throw new AppError(error.operation === 'AssumeRole' ? 'platform.cloud.sts_failed' : 'platform.cloud.storage_failed');
    } finally {
      bucket.destroy();
    }
  }

  /**
   * Attachments of the same content and topic, split into those whose object is still in the bucket
   * (oldest first) and those whose object is gone.
   */
  private async rowsOf(bucket: S3Bucket, settings: CloudSettings, facts: CloudFileFacts): Promise<{ live: Array<{ row: AttachmentEntity; key: string }>; deadIds: Set<number>; foreignIds: Set<number> }> {
    const rows = await this.transactions.manager.find(AttachmentEntity, {
      where: { sha1: facts.sha1, topic: facts.topic, storage: CLOUD_STORAGE },
      order: { id: 'ASC' },
    });
    const bases = [publicBaseUrl(settings), bucketUrl(settings)];
    const live: Array<{ row: AttachmentEntity; key: string }> = [];
    const deadIds = new Set<number>();
    const foreignIds = new Set<number>();
    for (const row of rows) {
      const key = keyOfUrl(row.url, bases);
      // a row of another bucket (the settings changed since) is neither used nor removed
      if (!key) {
        foreignIds.add(row.id);
        continue;
      }
      const object = await bucket.head(key);
      if (object && object.size === Number(row.size)) live.push({ row, key });
      else deadIds.add(row.id);
    }
    return { live, deadIds, foreignIds };
  }

  /**
   * The key of the file by the savename pattern, or a tagged one when an object or an attachment has it
   * already: credentials are never handed out for a key that holds something.
   */
  private async freeKey(bucket: S3Bucket, settings: CloudSettings, pattern: string, facts: CloudFileFacts, now: number): Promise<string> {
    const timeZone = await this.siteConfig.timeZone();
    const saveName = buildSaveName({ pattern, topic: facts.topic, originalName: facts.name, suffix: suffixOf(facts.name), sha1: facts.sha1, now: new Date(now * 1000), timeZone });
    const chosen = keyOfSaveName(saveName);
    if (!chosen) throw new AppError('platform.upload.invalid_savename');
    const base = publicBaseUrl(settings);
    for (let attempt = 0; attempt < 5; attempt++) {
      const key = attempt === 0 ? chosen : taggedKey(chosen, randomAlnum(8));
      const url = urlOfKey(base, key);
      if (url.length > 255) throw new AppError('platform.upload.invalid_savename');
      const taken = (await bucket.head(key)) !== null || (await this.transactions.manager.countBy(AttachmentEntity, { url })) > 0;
      if (!taken) return key;
    }
    throw new AppError('platform.cloud.storage_failed');
  }

  /**
   * The attachment row: the uploader's own one of the same content and topic gets its quote raised (read
   * under a lock on MySQL, so two callbacks cannot both insert); else a new row of the uploader's own for
   * the checked object, which may be another row's (`exists: true` shares storage, never ownership). The
   * uploader's rows whose object was found gone are replaced.
   */
  private async record(
    manager: EntityManager,
    input: { facts: CloudFileFacts; url: string; mimetype: string; width: number; height: number; uploader: Uploader; deadIds: Set<number>; foreignIds: Set<number> },
  ): Promise<AttachmentEntity> {
    const now = unixNow();
    const { facts } = input;
    const lookup = manager
      .createQueryBuilder(AttachmentEntity, 'a')
      .where('a.sha1 = :sha1 AND a.topic = :topic AND a.storage = :storage', { sha1: facts.sha1, topic: facts.topic, storage: CLOUD_STORAGE })
      .orderBy('a.id', 'ASC');
    if (manager.connection.options.type !== 'better-sqlite3') lookup.setLock('pessimistic_write');
    const existing = await lookup.getMany();
    const live = existing.filter((row) => !input.deadIds.has(row.id) && !input.foreignIds.has(row.id));
    // the object checked by this callback (input.url) is recorded in the uploader's own row
    const { own, ownStale } = splitByOwner(existing.filter((row) => !input.foreignIds.has(row.id)), live, input.uploader);
    if (own) {
      await manager.update(AttachmentEntity, { id: own.id }, { quote: own.quote + 1, last_upload_time: now });
      return { ...own, quote: own.quote + 1, last_upload_time: now };
    }
    if (ownStale.length) await manager.delete(AttachmentEntity, { id: In(ownStale.map((row) => row.id)) });
    const result = await manager.insert(AttachmentEntity, {
      topic: facts.topic,
      admin_id: input.uploader.adminId,
      user_id: input.uploader.userId,
      url: input.url,
      width: input.width,
      height: input.height,
      name: facts.name,
      size: facts.size,
      mimetype: input.mimetype,
      quote: 1,
      storage: CLOUD_STORAGE,
      sha1: facts.sha1,
      createtime: now,
      last_upload_time: now,
    });
    return (await manager.findOneBy(AttachmentEntity, { id: Number(result.identifiers[0]?.id) }))!;
  }
}
