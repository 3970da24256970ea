import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { CrudKit, CrudService, parseIds } from '../../../shared/crud';
import { AppError } from '../../../shared/http/app-error';
import { AttachmentEntity } from './persistence/attachment.entity';
import { CLOUD_STORAGE } from './cloud/cloud-settings';
import { CloudUploadService } from './cloud/cloud-upload.service';
import { removeStoredFile } from './upload-storage';

/**
 * `routine.Attachment`: the list of stored files (with the uploading admin's name), editing the shown name,
 * and deleting, which also removes the file and the folders it leaves empty (or, for a cloud upload, the
 * object in the bucket). Nothing refuses a delete:
 * pages that show a deleted file show a broken image.
 */
@Injectable()
export class AttachmentService extends CrudService<AttachmentEntity> {
  constructor(
    kit: CrudKit,
    private readonly cloud: CloudUploadService,
  ) {
    super(kit, {
      entity: AttachmentEntity,
      alias: 'attachment',
      writable: ['name'],
      searchFields: [
        'id',
        'topic',
        'admin_id',
        'user_id',
        'url',
        'width',
        'height',
        'name',
        'size',
        'mimetype',
        'quote',
        'storage',
        'sha1',
        'createtime',
        'last_upload_time',
        'admin.username',
        'admin.nickname',
      ],
      quickSearchFields: ['id', 'name', 'topic', 'mimetype'],
      filterParams: ['topic', 'storage', 'admin_id', 'user_id'],
      defaultOrder: [{ field: 'last_upload_time', direction: 'DESC' }],
      // by table name: the platform context does not import the accounts context's classes
      joins: { admin: { entity: 'admin', on: 'admin_id', columns: ['username', 'nickname'] } },
      hooks: {
        beforeWrite(data) {
          if (typeof data.name !== 'string' || !data.name.trim()) throw new AppError('validation.required', { field: '@fields.name' });
          data.name = [...data.name.trim()].slice(0, 100).join('');
        },
      },
    });
  }

  /** Deletes the rows, then each file no remaining row points at (and its empty folders). */
  override async del(ids: unknown): Promise<{ count: number }> {
    const wanted = parseIds(ids);
    const removed = await this.kit.transactions.run(async (manager) => {
      const rows = await manager.find(AttachmentEntity, { where: { id: In(wanted) }, select: { id: true, url: true, storage: true } });
      if (!rows.length) throw new AppError('crud.no_rows_deleted');
      await manager.delete(AttachmentEntity, rows.map((row) => row.id));
      return rows;
    });
    const urls = [...new Set(removed.map((row) => row.url))];
    const stillUsed = new Set(
      (await this.kit.dataSource.manager.find(AttachmentEntity, { where: { url: In(urls) }, select: { url: true } })).map((row) => row.url),
    );
    const unused = urls.filter((url) => !stillUsed.has(url));
    const inCloud = new Set(removed.filter((row) => row.storage === CLOUD_STORAGE).map((row) => row.url));
    for (const url of unused) if (!inCloud.has(url)) await removeStoredFile(url);
    await this.cloud.removeObjects(unused.filter((url) => inCloud.has(url)));
    return { count: removed.length };
  }
}
