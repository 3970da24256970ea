import { useEffect, useState } from 'react';
import type { FormInstance } from '@arco-design/web-react';

/** A page store whose record a form edits (an admin's or a member's own profile). */
export interface RecordSource<R extends { id: number; avatar?: string }> {
  readonly info: R | null;
  load(): Promise<void>;
}

/**
 * Loads the record once, and fills the form (and the avatar being edited beside it) from each record that
 * arrives with another id — not from every answer, so what is being typed stays.
 */
export function useRecordForm<R extends { id: number; avatar?: string }, F>(store: RecordSource<R>, form: FormInstance<F>, fields: (record: R) => Parameters<FormInstance<F>['setFieldsValue']>[0]): [string, (avatar: string) => void] {
  const [avatar, setAvatar] = useState('');
  useEffect(() => {
    void store.load();
  }, [store]);
  const info = store.info;
  useEffect(() => {
    if (!info) return;
    form.setFieldsValue(fields(info));
    setAvatar(info.avatar ?? '');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [info?.id]);
  return [avatar, setAvatar];
}
