import { bucketUrl, CLOUD_ERRNO_NOT_CONFIGURED, cloudUploadParams, effectiveEndpoint, invalidCloudSettings, isCloudMode, publicBaseUrl, readCloudSettings, urlOfKey } from './cloud-settings';

const values = {
  upload_cloud_endpoint: 'https://cos.ap-guangzhou.myqcloud.com/',
  upload_cloud_bucket: 'wms-1250000000',
  upload_cloud_region: 'ap-guangzhou',
  upload_cloud_access_key: 'AKIDEXAMPLE',
  upload_cloud_secret_key: ' secret with spaces ',
  upload_cloud_path_style: false,
  upload_cloud_public_url: '',
  upload_cloud_sts_endpoint: '',
  upload_cloud_sts_role: '',
};

describe('cloud settings', () => {
  it('any mode but local is the cloud', () => {
    expect(isCloudMode('local')).toBe(false);
    expect(isCloudMode('')).toBe(false);
    expect(isCloudMode('cloud')).toBe(true);
    expect(isCloudMode('qcloud')).toBe(true);
  });

  it('reads the settings, keeping the secret exactly as stored', () => {
    const settings = readCloudSettings(values);
    expect(settings).toMatchObject({ endpoint: 'https://cos.ap-guangzhou.myqcloud.com', secretAccessKey: ' secret with spaces ', pathStyle: false });
    expect(readCloudSettings({ ...values, upload_cloud_path_style: '1' }).pathStyle).toBe(true);
    expect(invalidCloudSettings(settings)).toEqual([]);
  });

  it('addresses virtual-hosted and path-style buckets, AWS by default, a CDN when given', () => {
    const cos = readCloudSettings(values);
    expect(bucketUrl(cos)).toBe('https://wms-1250000000.cos.ap-guangzhou.myqcloud.com');
    const minio = readCloudSettings({ ...values, upload_cloud_endpoint: 'http://127.0.0.1:9000', upload_cloud_bucket: 'wms', upload_cloud_path_style: true });
    expect(bucketUrl(minio)).toBe('http://127.0.0.1:9000/wms');
    const aws = readCloudSettings({ ...values, upload_cloud_endpoint: '', upload_cloud_region: 'eu-west-1', upload_cloud_bucket: 'wms' });
    expect(effectiveEndpoint(aws)).toBe('https://s3.eu-west-1.amazonaws.com');
    expect(publicBaseUrl(aws)).toBe('https://wms.s3.eu-west-1.amazonaws.com');
    expect(publicBaseUrl(readCloudSettings({ ...values, upload_cloud_public_url: 'https://cdn.example.com/' }))).toBe('https://cdn.example.com');
    expect(urlOfKey('https://cdn.example.com', 'storage/报表 (1)!.png')).toBe('https://cdn.example.com/storage/%E6%8A%A5%E8%A1%A8%20%281%29%21.png');
  });

  it('names the settings that keep the driver from working', () => {
    const broken = readCloudSettings({ ...values, upload_cloud_endpoint: 'cos.example.com', upload_cloud_bucket: 'Bad_Bucket', upload_cloud_region: '', upload_cloud_access_key: '', upload_cloud_secret_key: '', upload_cloud_public_url: 'ftp://x', upload_cloud_sts_endpoint: 'sts' });
    expect(invalidCloudSettings(broken)).toEqual(['endpoint', 'bucket', 'region', 'accessKeyId', 'secretAccessKey', 'publicUrl', 'stsEndpoint']);
  });

  it('gives the browser bucket, region and endpoint, or the error number; nothing in the local mode', () => {
    expect(cloudUploadParams('local', readCloudSettings(values))).toEqual({ params: {}, invalid: [] });
    expect(cloudUploadParams('cloud', readCloudSettings(values))).toEqual({
      params: { bucket: 'wms-1250000000', region: 'ap-guangzhou', endpoint: 'https://cos.ap-guangzhou.myqcloud.com' },
      invalid: [],
    });
    const missing = cloudUploadParams('cloud', readCloudSettings({ ...values, upload_cloud_secret_key: '' }));
    expect(missing).toEqual({ params: { bucket: 'wms-1250000000', region: 'ap-guangzhou', endpoint: 'https://cos.ap-guangzhou.myqcloud.com', errno: CLOUD_ERRNO_NOT_CONFIGURED }, invalid: ['secretAccessKey'] });
    expect(JSON.stringify(missing)).not.toContain('secret with spaces');
  });
});
