import {
  CLOUD_PART_SIZE,
  credentialLifetime,
  isPlainKey,
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

const SHA1 = 'a9993e364706816aba3e25717850c26c9cd0d89d';
const limits = { mimetype: 'jpg,png,zip,txt', maxsize: 20 * 1024 * 1024 };

describe('parseCloudFile', () => {
  it('reads the facts, cleaning the name and lower-casing the SHA-1', () => {
    expect(parseCloudFile({ name: ' dir/Report.ZIP ', size: '1024', type: 'application/zip', sha1: SHA1.toUpperCase() }, limits)).toEqual({
      facts: { name: 'Report.ZIP', size: 1024, type: 'application/zip', sha1: SHA1, topic: 'default' },
    });
    expect(parseCloudFile({ name: 'a.png', size: 5, type: 'image/png', sha1: SHA1, topic: 'brand' }, limits).facts?.topic).toBe('brand');
  });

  it('refuses in the order of the local upload: name and size, type, size; then the SHA-1 and the topic', () => {
    expect(parseCloudFile({ size: 5, sha1: SHA1 }, limits).refusal).toBe('incomplete');
    expect(parseCloudFile({ name: 'a.txt', size: 0, sha1: SHA1 }, limits).refusal).toBe('incomplete');
    expect(parseCloudFile({ name: 'a.txt', size: '12abc', sha1: SHA1 }, limits).refusal).toBe('incomplete');
    expect(parseCloudFile({ name: 'a.exe', size: 5, sha1: SHA1 }, limits).refusal).toBe('type_not_allowed');
    expect(parseCloudFile({ name: 'a.exe', size: 10 ** 12, sha1: 'x' }, limits).refusal).toBe('type_not_allowed');
    expect(parseCloudFile({ name: 'a.txt', size: limits.maxsize + 1, sha1: SHA1 }, limits).refusal).toBe('size_exceeded');
    expect(parseCloudFile({ name: 'a.txt', size: 5, sha1: SHA1.slice(1) }, limits).refusal).toBe('invalid_sha1');
    expect(parseCloudFile({ name: 'a.txt', size: 5, sha1: SHA1, topic: 'Brand/x' }, limits).refusal).toBe('invalid_topic');
    expect(parseCloudFile({ name: 'a.txt', size: 10001 * CLOUD_PART_SIZE, sha1: SHA1 }, { mimetype: '*', maxsize: 10 ** 15 }).refusal).toBe('too_many_parts');
  });
});

describe('object keys', () => {
  it('puts saved names below storage/ like local files, and only plain ones', () => {
    expect(keyOfSaveName('/storage/default/20260101/a.png')).toBe('storage/default/20260101/a.png');
    expect(keyOfSaveName('uploads/a.png')).toBe('storage/uploads/a.png');
    for (const bad of ['/storage/../x.png', 'storage//a.png', 'storage/.env', 'storage/a\\b.png', 'storage/a*.png', 'storage/a?.png', 'storage/a\u0000.png']) {
      expect([bad, keyOfSaveName(bad)]).toEqual([bad, null]);
    }
    expect(isPlainKey('storage/报表/a b(1).png')).toBe(true);
  });

  it('finds the folder every key of a pattern lies in', () => {
    expect(keyPrefixOf('/storage/{topic}/{year}{mon}{day}/{filename}{filesha1}{.suffix}')).toBe('storage/');
    expect(keyPrefixOf('/storage/files/{topic}/{filename}')).toBe('storage/files/');
    expect(keyPrefixOf('{topic}/{filename}')).toBe('storage/');
    expect(keyPrefixOf('uploads/x{random}')).toBe('storage/uploads/');
    expect(keyIsInside('storage/default/a.png', 'storage/')).toBe(true);
    expect(keyIsInside('storage/', 'storage/')).toBe(false);
    expect(keyIsInside('other/a.png', 'storage/')).toBe(false);
  });

  it('reads the key of a callback URL: the public or bucket address, /key or key, nothing else', () => {
    const bases = ['https://cdn.example.com/files', 'http://127.0.0.1:9000/wms'];
    expect(keyOfUrl('https://cdn.example.com/files/storage/a%20b/%E6%8A%A5.png', bases)).toBe('storage/a b/报.png');
    expect(keyOfUrl('http://127.0.0.1:9000/wms/storage/a.png', bases)).toBe('storage/a.png');
    expect(keyOfUrl('/storage/a.png', bases)).toBe('storage/a.png');
    expect(keyOfUrl('storage/a.png', bases)).toBe('storage/a.png');
    for (const bad of [
      'https://evil.example.com/files/storage/a.png',
      'https://cdn.example.com/filesX/storage/a.png',
      '//cdn.example.com/files/storage/a.png',
      'storage/a.png?x=1',
      'storage/a.png#x',
      'storage/%2e%2e/secret',
      'storage/%ZZ',
      'javascript:alert(1)',
      '',
    ]) {
      expect([bad, keyOfUrl(bad, bases)]).toEqual([bad, null]);
    }
  });

  it('tags a taken key before its suffix', () => {
    expect(taggedKey('storage/a/b.png', 'x1')).toBe('storage/a/b-x1.png');
    expect(taggedKey('storage/a/README', 'x1')).toBe('storage/a/README-x1');
  });
});

describe('slices, lifetimes and the session policy', () => {
  it('counts 5 MiB slices', () => {
    expect(partCount(1)).toBe(1);
    expect(partCount(CLOUD_PART_SIZE)).toBe(1);
    expect(partCount(CLOUD_PART_SIZE + 1)).toBe(2);
  });

  it('gives credentials 15 minutes plus time for a slow uplink, at most an hour', () => {
    expect(credentialLifetime(1)).toBe(901);
    expect(credentialLifetime(256 * 1024 * 100)).toBe(1000);
    expect(credentialLifetime(10 * 1024 ** 3)).toBe(3600);
  });

  it('allows writing the one object and nothing else', () => {
    expect(JSON.parse(uploadSessionPolicy('wms', 'storage/default/a.png'))).toEqual({
      Version: '2012-10-17',
      Statement: [{ Effect: 'Allow', Action: ['s3:PutObject', 's3:AbortMultipartUpload', 's3:ListMultipartUploadParts'], Resource: ['arn:aws:s3:::wms/storage/default/a.png'] }],
    });
    expect(roleSessionName({ adminId: 3, userId: 0 })).toBe('wms-admin-3');
    expect(roleSessionName({ adminId: 0, userId: 7 })).toBe('wms-user-7');
  });
});
