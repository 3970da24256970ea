/**
 * An image field that uploads (brand logo, product images): thumbnails of the current images with preview
 * and remove, a tile that picks files, progress while they upload. The value is the stored path
 * (`/storage/...`), or a list of paths with `multiple`. Files are checked in the browser (name and size,
 * type, size) before they are sent; the server checks them again.
 */
import { useRef, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Upload } from '@arco-design/web-react';
import type { UploadItem } from '@arco-design/web-react/es/Upload';
import { useT } from '@/lang';
import { useStore } from '@/stores/context';
import { formatBytes, pathList } from './checks';
import { UploadStore } from './store';
import './upload.css';

export interface ImageUploadProps {
  value?: string | string[] | null;
  onChange?: (value: string | string[]) => void;
  /** several images (the value is a list). */
  multiple?: boolean;
  /** the attachment topic (a folder of the saved name). */
  topic?: string;
  /** at most this many images. */
  limit?: number;
  accept?: string;
  disabled?: boolean;
  /** whose upload: the back office's (default) or the member center's (`/api/ajax/upload`, the member token). */
  app?: 'admin' | 'user';
}

function ImageUploadInner({ value, onChange, multiple = false, topic, limit, accept = 'image/*', disabled, app = 'admin' }: ImageUploadProps) {
  const t = useT();
  const root = useStore();
  const [store] = useState(() => new UploadStore(root, { topic, app }));
  const paths = pathList(value);
  const latest = useRef(paths);
  latest.current = paths;

  const emit = (next: string[]) => {
    latest.current = next;
    onChange?.(multiple ? next : (next[0] ?? ''));
  };

  const fileList: UploadItem[] = [
    ...paths.map((path) => ({ uid: path, url: root.siteConfig.fullUrl(path), name: path.split('/').pop() ?? path, status: 'done' as const })),
    ...store.pending.map((p) => ({ uid: p.uid, url: p.preview, name: p.name, status: 'uploading' as const, percent: p.percent })),
  ];
  const max = multiple ? limit : 1;
  const full = max !== undefined && fileList.length >= max;
  const maxsize = root.siteConfig.upload.maxsize;

  return (
    <div className="ba-upload" data-testid="image-upload">
      <Upload
        listType="picture-card"
        // not strict: a picked file of another type reaches the checks, which say why it is refused
        accept={{ type: accept, strict: false }}
        multiple={multiple}
        disabled={disabled}
        fileList={fileList}
        showUploadList={{ reuploadIcon: null }}
        imagePreview
        beforeUpload={(file) => {
          void store.upload(file).then((stored) => {
            if (!stored) return;
            emit(multiple ? [...latest.current, stored.url] : [stored.url]);
          });
          return false;
        }}
        onRemove={(item) => {
          emit(latest.current.filter((path) => path !== item.uid));
          return true;
        }}
      >
        {full ? null : (
          <div className="arco-upload-trigger-picture" data-testid="image-upload-trigger">
            <div className="arco-upload-trigger-picture-text">
              <span className="ba-upload-plus">+</span>
              <div>{t('upload.upload')}</div>
            </div>
          </div>
        )}
      </Upload>
      {maxsize > 0 && <div className="ba-upload-tip">{t('upload.limitTip', { size: formatBytes(maxsize) })}</div>}
    </div>
  );
}

export const ImageUpload = observer(ImageUploadInner);
export default ImageUpload;
export { UploadStore } from './store';
export { checkFile, formatBytes, pathList, suffixOf, typeAllowed } from './checks';
