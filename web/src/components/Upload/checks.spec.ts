import { checkFile, formatBytes, pathList, suffixOf, typeAllowed } from './checks';

describe('upload checks in the browser', () => {
  const limits = { mimetype: 'jpg,.png,image/webp,audio/*', maxsize: 1024 };

  it('checks the name and size first, then the type, then the size', () => {
    expect(checkFile({ name: '', size: 10, type: 'image/png' }, limits)).toBe('incomplete');
    expect(checkFile({ name: 'a.png', size: 0, type: 'image/png' }, limits)).toBe('incomplete');
    expect(checkFile({ name: 'a.exe', size: 5000, type: 'application/x-msdownload' }, limits)).toBe('typeNotAllowed');
    expect(checkFile({ name: 'a.png', size: 1025, type: 'image/png' }, limits)).toBe('sizeExceeded');
    expect(checkFile({ name: 'a.png', size: 1024, type: 'image/png' }, limits)).toBeNull();
  });

  it('allows by suffix with or without a dot, MIME type, type/* or *', () => {
    expect(typeAllowed(limits.mimetype, 'A.JPG', '')).toBe(true);
    expect(typeAllowed(limits.mimetype, 'x.bin', 'image/webp')).toBe(true);
    expect(typeAllowed(limits.mimetype, 'x.bin', 'audio/mpeg')).toBe(true);
    expect(typeAllowed(limits.mimetype, 'x.gif', 'image/gif')).toBe(false);
    expect(typeAllowed('*', 'x.exe', '')).toBe(true);
    expect(typeAllowed('file', 'README', '')).toBe(false);
  });

  it('reads suffixes and path lists like the server', () => {
    expect(suffixOf('a.tar.GZ')).toBe('gz');
    expect(suffixOf('README')).toBe('file');
    expect(pathList('/a.png, /b.png\n/c.png')).toEqual(['/a.png', '/b.png', '/c.png']);
    expect(pathList(['/a.png', ' '])).toEqual(['/a.png']);
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(512)).toBe('512 B');
  });
});
