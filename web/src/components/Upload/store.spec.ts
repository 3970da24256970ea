import { setLocale } from '@/lang';
import { cloudUpload, CloudUploadError } from './cloud';
import { UploadStore } from './store';

describe('UploadStore', () => {
  const notices: Array<[string, string]> = [];
  const root = { siteConfig: { upload: { mimetype: 'png,jpg', maxsize: 100 } }, notify: (type: string, message: string) => void notices.push([type, message]) };

  beforeEach(() => {
    notices.length = 0;
  });
  afterAll(() => setLocale('zh-cn'));

  it('refuses before sending, with the messages of the upload checks in the current language', async () => {
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

  describe('in the cloud mode (any mode but local)', () => {
    const cloudRoot = (params: Record<string, unknown> = { bucket: 'wms', region: 'us-east-1' }) => ({
      siteConfig: { upload: { mimetype: 'png,jpg', maxsize: 100, mode: 'cloud', params } },
      notify: root.notify,
    });

    it('sends the file to the cloud uploader (with topic, params and progress), not to ajax/upload', async () => {
      const upload = jest.fn();
      let report: ((percent: number) => void) | undefined;
      const cloud = jest.fn((_file: File, options: { onProgress?: (p: number) => void }) => {
        report = options.onProgress;
        report?.(55);
        return Promise.resolve({ url: 'https://cdn.test/storage/brand/logo.png' });
      });
      const store = new UploadStore(cloudRoot(), { topic: 'brand', app: 'user', upload, cloudUpload: cloud as never });
      const done = store.upload(new File(['png'], 'logo.png', { type: 'image/png' }));
      expect(await done).toEqual({ url: 'https://cdn.test/storage/brand/logo.png' });
      expect(upload).not.toHaveBeenCalled();
      expect(cloud.mock.calls[0][1]).toMatchObject({ app: 'user', topic: 'brand', params: { bucket: 'wms' } });
      // the same checks come first
      expect(await store.upload(new File(['x'], 'a.exe'))).toBeNull();
      expect(cloud).toHaveBeenCalledTimes(1);
    });

    it('rejects at once with the code and message of an error number in the upload params, and shows it', async () => {
      await setLocale('en');
      const params = { bucket: '', region: '', errno: 20001, errmsg: 'Cloud storage is not configured correctly: Cloud: bucket' };
      await expect(cloudUpload(new File(['png'], 'a.png', { type: 'image/png' }), { params })).rejects.toEqual(new CloudUploadError(20001, params.errmsg));
      await expect(cloudUpload(new File(['png'], 'a.png'), { params })).rejects.toMatchObject({ code: 20001, msg: params.errmsg });

      const store = new UploadStore(cloudRoot(params), {});
      expect(await store.upload(new File(['png'], 'a.png', { type: 'image/png' }))).toBeNull();
      expect(notices).toEqual([['error', params.errmsg]]);
      expect(store.error).toBe(params.errmsg);
      expect(store.pending).toHaveLength(0);
    });

    it('shows a failure of the bucket, which no server answer reported', async () => {
      const store = new UploadStore(cloudRoot(), { cloudUpload: () => Promise.reject(new CloudUploadError(0, 'Slice 2 of 3 could not be uploaded')) });
      expect(await store.upload(new File(['png'], 'a.png', { type: 'image/png' }))).toBeNull();
      expect(notices).toEqual([['error', 'Slice 2 of 3 could not be uploaded']]);
      // an envelope of our server was shown by the request layer already: not twice
      notices.length = 0;
      const refused = new UploadStore(cloudRoot(), { cloudUpload: () => Promise.reject({ code: 0, msg: 'The content of the file in the bucket does not match its SHA-1' }) });
      expect(await refused.upload(new File(['png'], 'a.png', { type: 'image/png' }))).toBeNull();
      expect(notices).toEqual([]);
      expect(refused.error).toBe('The content of the file in the bucket does not match its SHA-1');
    });
  });
});
