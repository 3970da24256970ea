import { buildSaveName, sanitizeFilename } from './savename';
import { checkUpload, cleanOriginalName, isImage, suffixOf, typeAllowed, utf8FileName } from './upload-rules';
import { urlOfSaveName } from './upload-storage';

describe('buildSaveName', () => {
  const base = {
    topic: 'brand',
    originalName: 'My Logo.png',
    suffix: 'png',
    sha1: 'a'.repeat(40),
    // 2026-03-04 05:06:07 in Shanghai
    now: new Date(Date.UTC(2026, 2, 3, 21, 6, 7)),
    timeZone: 'Asia/Shanghai',
    random: () => 'R16',
    random32: () => 'R32',
  };

  it('fills every placeholder, the date parts in the site time zone', () => {
    const pattern = '{topic}|{year}|{mon}|{day}|{hour}|{min}|{sec}|{random}|{random32}|{filename}|{suffix}|{.suffix}|{filesha1}';
    expect(buildSaveName({ ...base, pattern }).split('|')).toEqual(['brand', '2026', '03', '04', '05', '06', '07', 'R16', 'R32', 'My_Logo', 'png', '.png', 'a'.repeat(40)]);
    expect(buildSaveName({ ...base, pattern: '{day}', timeZone: 'UTC' })).toBe('03');
  });

  it('removes the leading slash and leaves unknown placeholders as they are', () => {
    expect(buildSaveName({ ...base, pattern: '/storage/{topic}/{year}{mon}{day}/{filename}{filesha1}{.suffix}' })).toBe(`storage/brand/20260304/My_Logo${'a'.repeat(40)}.png`);
    expect(buildSaveName({ ...base, pattern: '//x/{unknown}{filename}' })).toBe('x/{unknown}My_Logo');
  });

  it('draws fresh random parts of the right length', () => {
    const name = buildSaveName({ ...base, random: undefined, random32: undefined, pattern: '{random}/{random32}' });
    expect(name).toMatch(/^[A-Za-z0-9]{16}\/[A-Za-z0-9]{32}$/);
  });
});

describe('sanitizeFilename ({filename})', () => {
  it('keeps letters and digits of any script, caps at 100 characters and never forms a path', () => {
    expect(sanitizeFilename('库存 报表 2026.xlsx', 'xlsx')).toBe('库存_报表_2026');
    expect(sanitizeFilename('../../etc/passwd', 'file')).toBe('passwd');
    expect(sanitizeFilename('..\\..\\evil.png', 'png')).toBe('evil');
    expect(sanitizeFilename('...hidden.txt', 'txt')).toBe('hidden');
    expect(sanitizeFilename('a..b.txt', 'txt')).toBe('a.b');
    expect(sanitizeFilename('x'.repeat(300) + '.png', 'png')).toHaveLength(100);
    expect(Buffer.byteLength(sanitizeFilename('汉'.repeat(100) + '.png', 'png'))).toBeLessThanOrEqual(150);
    expect(sanitizeFilename('<script>.png', 'png')).toBe('script');
  });
});

describe('upload rules', () => {
  it('reads the suffix like BuildAdmin', () => {
    expect(suffixOf('a.PNG')).toBe('png');
    expect(suffixOf('archive.tar.gz')).toBe('gz');
    expect(suffixOf('README')).toBe('file');
    expect(suffixOf('.env')).toBe('file');
    expect(suffixOf('a.p-g')).toBe('file');
  });

  it('allows by suffix with or without a dot, exact MIME type, type/* or *', () => {
    expect(typeAllowed('jpg,png', 'a.PNG', 'application/octet-stream')).toBe(true);
    expect(typeAllowed('.jpg, .png', 'a.png', '')).toBe(true);
    expect(typeAllowed('application/pdf', 'a.bin', 'application/pdf')).toBe(true);
    expect(typeAllowed('image/*', 'a.bin', 'image/webp')).toBe(true);
    expect(typeAllowed('image/*', 'a.png', 'text/plain')).toBe(false);
    expect(typeAllowed('*', 'x.exe', '')).toBe(true);
    expect(typeAllowed('file', 'README', '')).toBe(false);
    expect(typeAllowed('', 'a.png', 'image/png')).toBe(false);
  });

  it('checks name and size, then type, then size', () => {
    const config = { mimetype: 'txt', maxsize: 10 };
    expect(checkUpload({ name: '', size: 5, mimetype: 'text/plain' }, config)).toBe('incomplete');
    expect(checkUpload({ name: 'a.txt', size: 0, mimetype: 'text/plain' }, config)).toBe('incomplete');
    expect(checkUpload({ name: 'a.exe', size: 50, mimetype: '' }, config)).toBe('type_not_allowed');
    expect(checkUpload({ name: 'a.txt', size: 11, mimetype: '' }, config)).toBe('size_exceeded');
    expect(checkUpload({ name: 'a.txt', size: 10, mimetype: '' }, config)).toBeNull();
  });

  it('tells images by MIME type or suffix', () => {
    expect(isImage('a.txt', 'image/png')).toBe(true);
    expect(isImage('a.JPG', 'application/octet-stream')).toBe(true);
    expect(isImage('a.txt', 'text/plain')).toBe(false);
  });

  it('repairs latin1-decoded UTF-8 names and cleans stored names', () => {
    expect(utf8FileName(Buffer.from('报表.xlsx', 'utf8').toString('latin1'))).toBe('报表.xlsx');
    expect(utf8FileName('plain.txt')).toBe('plain.txt');
    expect(utf8FileName('报表.xlsx')).toBe('报表.xlsx');
    expect(cleanOriginalName('C:\\temp\\a\u0000b.txt')).toBe('ab.txt');
    expect(cleanOriginalName('   ')).toBe('file');
  });

  it('puts every saved name below /storage/ and refuses names that leave it', () => {
    expect(urlOfSaveName('storage/default/a.png')).toBe('/storage/default/a.png');
    expect(urlOfSaveName('uploads/a.png')).toBe('/storage/uploads/a.png');
    expect(urlOfSaveName('storage/../a.png')).toBeNull();
    expect(urlOfSaveName('storage/x/../../a.png')).toBeNull();
    expect(urlOfSaveName('storage/.hidden/a.png')).toBeNull();
  });
});
