import { parseFileSize } from './file-size';

describe('parseFileSize', () => {
  it.each([
    ['10mb', 10485760],
    ['10MB', 10485760],
    ['10 mb', 10485760],
    ['10m', 10485760],
    ['512kb', 524288],
    ['1.5mb', 1572864],
    ['2gb', 2147483648],
    ['2048', 2048],
    ['100b', 100],
  ])('reads %j as %d bytes', (text, bytes) => {
    expect(parseFileSize(text)).toBe(bytes);
  });

  it.each(['', 'mb', '10tb', '-1mb', '0', '1,5mb', 'ten mb', null, undefined])('rejects %j', (text) => {
    expect(parseFileSize(text as string)).toBeNull();
  });
});
