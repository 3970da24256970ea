import { setLocale } from '@/lang';
import { UploadStore } from './store';

describe('UploadStore', () => {
  const notices: Array<[string, string]> = [];
  const root = { siteConfig: { upload: { mimetype: 'png,jpg', maxsize: 100 } }, notify: (type: string, message: string) => void notices.push([type, message]) };

  beforeEach(() => {
    notices.length = 0;
  });
  afterAll(() => setLocale('zh-cn'));

  it('refuses before sending, with the messages of SPEC.md §5 in the current language', async () => {
    const upload = jest.fn();
    const store = new UploadStore(root, { upload });
    await setLocale('en');
    expect(await store.upload(new File([], 'a.png', { type: 'image/png' }))).toBeNull();
    expect(await store.upload(new File(['x'], 'a.exe'))).toBeNull();
    expect(await store.upload(new File(['x'.repeat(101)], 'a.png', { type: 'image/png' }))).toBeNull();
    await setLocale('zh-cn');
    expect(await store.upload(new File(['x'], 'a.gif', { type: 'image/gif' }))).toBeNull();
    expect(notices).toEqual([
      ['error', 'The data of the uploaded file is incomplete!'],
      ['error', 'The type of uploaded file is not allowed!'],
      ['error', 'The size of the uploaded file exceeds the allowed range!'],
      ['error', '不允许上传此类型的文件！'],
    ]);
    expect(upload).not.toHaveBeenCalled();
  });

  it('sends an accepted file with its topic and tracks its progress', async () => {
    let report: ((percent: number) => void) | undefined;
    let finish: (value: unknown) => void = () => undefined;
    const upload = jest.fn((_file: File, options: { topic?: string; onProgress?: (p: number) => void }) => {
      report = options.onProgress;
      return new Promise((resolve) => (finish = resolve));
    });
    const store = new UploadStore(root, { topic: 'brand', upload: upload as never });
    const done = store.upload(new File(['png'], 'logo.png', { type: 'image/png' }));
    expect(store.pending).toHaveLength(1);
    report?.(40);
    expect(store.pending[0].percent).toBe(40);
    finish({ url: '/storage/brand/logo.png' });
    expect(await done).toEqual({ url: '/storage/brand/logo.png' });
    expect(store.pending).toHaveLength(0);
    expect(upload.mock.calls[0][1]).toMatchObject({ topic: 'brand' });
  });
});
