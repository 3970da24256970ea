import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { TransactionRunner } from '../../../shared/database/transaction-runner';
import { AppError } from '../../../shared/http/app-error';
import { unixNow } from '../../../shared/http/envelope';
import { SiteConfigService } from '../config/site-config.service';
import { AttachmentEntity } from './persistence/attachment.entity';
import { probeImage } from './image-probe';
import { ReceivedFile } from './upload-engine';
import { checkUpload, cleanOriginalName, DEFAULT_TOPIC, isImage, suffixOf, TOPIC_PATTERN, utf8FileName } from './upload-rules';
import { fileExists, fileOfUrl, isFile, placeCopy, removeQuietly, urlOfSaveName } from './upload-storage';
import { buildSaveName, randomAlnum } from './savename';

export const LOCAL_STORAGE = 'local';

/** Who uploads: an admin or a member. */
export interface Uploader {
  adminId: number;
  userId: number;
}

/** The `file` of the upload answer: the row without createtime and quote. */
export interface UploadedFile {
  id: number;
  topic: string;
  admin_id: number;
  user_id: number;
  url: string;
  width: number;
  height: number;
  name: string;
  size: number;
  mimetype: string;
  storage: string;
  sha1: string;
  last_upload_time: number | null;
  suffix: string;
  full_url: string;
}

/**
 * `ajax/upload` (local mode), with its checks in this order:
 * name and size, type, size, image decoding, then the attachment row, de-duplicated by sha1 + topic +
 * storage. The received file is always removed from the temporary folder, whatever the outcome.
 */
@Injectable()
export class UploadService {
  constructor(
    private readonly siteConfig: SiteConfigService,
    private readonly transactions: TransactionRunner,
  ) {}

  /** The configured maximum in bytes (the engine stops keeping a file past it). */
  async maxSize(): Promise<number> {
    return (await this.siteConfig.forClient()).upload.maxsize;
  }

  async upload(file: ReceivedFile | undefined, topicParam: unknown, uploader: Uploader, origin: string): Promise<UploadedFile> {
    try {
      const topic = parseTopic(topicParam);
      const config = (await this.siteConfig.forClient()).upload;
      const originalName = file ? utf8FileName(file.originalname ?? '') : '';
      const refusal = checkUpload({ name: originalName, size: file?.size ?? 0, mimetype: file?.mimetype ?? '' }, config);
      if (refusal || !file) throw new AppError(`platform.upload.${refusal ?? 'incomplete'}`);
      if (file.exceeded || !file.path) throw new AppError('platform.upload.size_exceeded');

      const name = cleanOriginalName(originalName);
      const suffix = suffixOf(name);
      const mimetype = (file.mimetype || 'application/octet-stream').slice(0, 100);
      let width = 0;
      let height = 0;
      if (isImage(name, mimetype)) {
        const size = await probeImage(file.path, suffix);
        if (!size) throw new AppError('platform.upload.invalid_image', { name });
        ({ width, height } = size);
      }
      const timeZone = await this.siteConfig.timeZone();
      const row = await this.transactions.run((manager) =>
        this.store(manager, file, { topic, name, suffix, mimetype, width, height, uploader, pattern: config.savename, timeZone }),
      );
      return answer(row, origin);
    } finally {
      await removeQuietly(file?.path);
    }
  }

  private async store(
    manager: EntityManager,
    file: ReceivedFile,
    facts: { topic: string; name: string; suffix: string; mimetype: string; width: number; height: number; uploader: Uploader; pattern: string; timeZone: string },
  ): Promise<AttachmentEntity> {
    const now = unixNow();
    const lookup = manager
      .createQueryBuilder(AttachmentEntity, 'a')
      .where('a.sha1 = :sha1 AND a.topic = :topic AND a.storage = :storage', { sha1: file.sha1, topic: facts.topic, storage: LOCAL_STORAGE })
      .orderBy('a.id', 'ASC');
    // MySQL: a locking read on the sha1 index, so two uploads of the same file cannot both insert.
    if (manager.connection.options.type !== 'better-sqlite3') lookup.setLock('pessimistic_write');
    const existing = await lookup.getMany();
    const live: AttachmentEntity[] = [];
    for (const row of existing) {
      const stored = fileOfUrl(row.url);
      if (stored && (await isFile(stored))) live.push(row);
    }
    const { own, shared, ownStale } = splitByOwner(existing, live, facts.uploader);
    if (own) {
      await manager.update(AttachmentEntity, { id: own.id }, { quote: own.quote + 1, last_upload_time: now });
      return { ...own, quote: own.quote + 1, last_upload_time: now };
    }
    // the uploader's rows whose file is gone are stale: replaced by the new one (others' rows are theirs)
    if (ownStale.length) await manager.delete(AttachmentEntity, ownStale.map((row) => row.id));
    // The uploader's own name makes its own URL (another's URL would tell that uploader's file name); the
    // bytes on disk are shared all the same: its file is a hard link to the one stored already.
    const source = (shared && fileOfUrl(shared.url)) || file.path;

    let url = urlOfSaveName(buildSaveName({ pattern: facts.pattern, topic: facts.topic, originalName: facts.name, suffix: facts.suffix, sha1: file.sha1, now: new Date(now * 1000), timeZone: facts.timeZone }));
    if (!url || url.length > 255) throw new AppError('platform.upload.invalid_savename');
    let target = fileOfUrl(url)!;
    if (fileExists(target) && (await sha1Of(target)) !== file.sha1) {
      // another file already has this name (a pattern without {filesha1}): never overwrite it
      url = withTag(url, randomAlnum(8));
      target = fileOfUrl(url)!;
    }
    // the row first: on MySQL a concurrent upload of the same file waits on it (or deadlocks and is retried)
    // before any file is placed, so a rolled-back attempt never removes a file another row points at
    const row = await this.insertRow(manager, { ...facts, url, size: file.size, sha1: file.sha1, now });
    let placed = false;
    try {
      if (!fileExists(target)) {
        // a copy (or hard link): the received file stays until the request ends, for a retried transaction
        await placeCopy(source, target);
        placed = true;
      }
      return row;
    } catch (error) {
      if (placed) await removeQuietly(target);
      throw error;
    }
  }

  /** The uploader's own row (own name, own owner) for a stored file, which other rows may share. */
  private async insertRow(
    manager: EntityManager,
    row: { topic: string; uploader: Uploader; url: string; width: number; height: number; name: string; size: number; mimetype: string; sha1: string; now: number },
  ): Promise<AttachmentEntity> {
    const result = await manager.insert(AttachmentEntity, {
      topic: row.topic,
      admin_id: row.uploader.adminId,
      user_id: row.uploader.userId,
      url: row.url,
      width: row.width,
      height: row.height,
      name: row.name,
      size: row.size,
      mimetype: row.mimetype,
      quote: 1,
      storage: LOCAL_STORAGE,
      sha1: row.sha1,
      createtime: row.now,
      last_upload_time: row.now,
    });
    return (await manager.findOneBy(AttachmentEntity, { id: Number(result.identifiers[0]?.id) }))!;
  }
}

/**
 * Storage is de-duplicated, ownership never: of the rows with the same content and topic (`live`: those
 * whose stored file is still there), the uploader's own one is counted again; else another's stored file
 * is shared by a new row of the uploader's own. Never is another uploader's row (its name, its owner, its
 * URL) handed out.
 */
export function splitByOwner<T extends { admin_id: number; user_id: number }>(rows: T[], live: T[], uploader: Uploader): { own: T | undefined; shared: T | undefined; ownStale: T[] } {
  const mine = (row: T) => row.admin_id === uploader.adminId && row.user_id === uploader.userId;
  return { own: live.find(mine), shared: live[0], ownStale: rows.filter((row) => mine(row) && !live.includes(row)) };
}

function parseTopic(value: unknown): string {
  if (value === undefined || value === null || value === '') return DEFAULT_TOPIC;
  if (typeof value !== 'string' || !TOPIC_PATTERN.test(value)) throw new AppError('platform.upload.invalid_topic');
  return value;
}

/** `/storage/a/b.png` + tag → `/storage/a/b-tag.png`. */
function withTag(url: string, tag: string): string {
  const slash = url.lastIndexOf('/');
  const dot = url.lastIndexOf('.');
  return dot > slash + 1 ? `${url.slice(0, dot)}-${tag}${url.slice(dot)}` : `${url}-${tag}`;
}

function sha1Of(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha1');
    createReadStream(path)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')))
      .on('error', reject);
  });
}

export function answer(row: AttachmentEntity, origin: string): UploadedFile {
  return {
    id: row.id,
    topic: row.topic,
    admin_id: row.admin_id,
    user_id: row.user_id,
    url: row.url,
    width: row.width,
    height: row.height,
    name: row.name,
    size: Number(row.size),
    mimetype: row.mimetype,
    storage: row.storage,
    sha1: row.sha1,
    last_upload_time: row.last_upload_time,
    suffix: suffixOf(row.name),
    full_url: /^https?:\/\//.test(row.url) ? row.url : `${origin}${row.url}`,
  };
}
