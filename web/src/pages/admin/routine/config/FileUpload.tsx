/**
 * A file field (config types `file` / `files`): the stored paths as links, a button that picks a file and
 * uploads it through the Upload component's store (same checks, local or cloud), remove per file.
 */
import { useRef, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Link, Progress } from '@arco-design/web-react';
import { IconClose, IconUpload } from '@arco-design/web-react/icon';
import { UploadStore } from '@/components/Upload';
import { useT } from '@/lang';
import { useStore } from '@/stores/context';

export interface FileUploadProps {
  value?: string | string[] | null;
  onChange?: (value: string | string[]) => void;
  multiple?: boolean;
  disabled?: boolean;
  topic?: string;
}

const pathsOf = (value: FileUploadProps['value']): string[] => (Array.isArray(value) ? value : value ? [value] : []).filter(Boolean);

export const FileUpload = observer(function FileUpload({ value, onChange, multiple = false, disabled, topic = 'config' }: FileUploadProps) {
  const t = useT();
  const root = useStore();
  const [store] = useState(() => new UploadStore(root, { topic, app: 'admin' }));
  const input = useRef<HTMLInputElement>(null);
  const paths = pathsOf(value);
  const emit = (next: string[]) => onChange?.(multiple ? next : (next[0] ?? ''));

  const pick = async (files: FileList | null) => {
    const chosen = Array.from(files ?? []);
    let next = paths;
    for (const file of chosen) {
      const stored = await store.upload(file);
      if (stored) next = multiple ? [...next, stored.url] : [stored.url];
    }
    if (next !== paths) emit(next);
    if (input.current) input.current.value = '';
  };

  return (
    <div className="config-files">
      {paths.map((path) => (
        <div className="config-file" key={path}>
          <Link href={root.siteConfig.fullUrl(path)} target="_blank" rel="noreferrer">
            {path.split('/').pop() || path}
          </Link>
          {!disabled && (
            <Button size="mini" type="text" icon={<IconClose />} aria-label={t('routine.config.removeFile')} title={t('routine.config.removeFile')} onClick={() => emit(paths.filter((p) => p !== path))} />
          )}
        </div>
      ))}
      {store.pending.map((item) => (
        <div className="config-file" key={item.uid}>
          <span>{item.name}</span>
          <Progress percent={item.percent} size="small" style={{ width: 120 }} />
        </div>
      ))}
      {!disabled && (
        <>
          <input ref={input} type="file" hidden multiple={multiple} onChange={(e) => void pick(e.target.files)} />
          <Button size="small" icon={<IconUpload />} disabled={disabled || store.loading} onClick={() => input.current?.click()}>
            {t('routine.config.chooseFile')}
          </Button>
        </>
      )}
    </div>
  );
});

export default FileUpload;
