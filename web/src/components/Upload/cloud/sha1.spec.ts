/** @jest-environment node */
import { createHash, randomBytes } from 'node:crypto';
import { Sha1, sha1OfBlob } from './sha1';

const reference = (data: Uint8Array) => createHash('sha1').update(data).digest('hex');

describe('Sha1', () => {
  it('gives the FIPS 180 example digests', () => {
    expect(new Sha1().update(new TextEncoder().encode('abc')).digest()).toBe('a9993e364706816aba3e25717850c26c9cd0d89d');
    expect(new Sha1().digest()).toBe('da39a3ee5e6b4b0d3255bfef95601890afd80709');
  });

  it('equals node:crypto for lengths around the block and padding edges, fed in any slicing', () => {
    for (const length of [1, 55, 56, 57, 63, 64, 65, 119, 120, 128, 1000, 200_003]) {
      const data = new Uint8Array(randomBytes(length));
      const whole = new Sha1().update(data).digest();
      const pieces = new Sha1();
      for (let offset = 0, step = 1; offset < length; offset += step, step = (step * 7) % 97 || 1) pieces.update(data.subarray(offset, offset + step));
      expect([length, whole]).toEqual([length, reference(data)]);
      expect([length, pieces.digest()]).toEqual([length, reference(data)]);
    }
  });

  it('hashes a file slice by slice and reports how much it has read', async () => {
    const data = new Uint8Array(randomBytes(10_500));
    const seen: number[] = [];
    const digest = await sha1OfBlob(new Blob([data]), { chunkSize: 4096, onProgress: (fraction) => seen.push(fraction) });
    expect(digest).toBe(reference(data));
    expect(seen).toEqual([4096 / 10_500, 8192 / 10_500, 1]);
  });

  it('stops when the upload is cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(sha1OfBlob(new Blob(['x']), { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });
});
