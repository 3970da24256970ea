/**
 * SHA-1 of a file, read in slices, for the cloud upload: the server names the object by it (the savename
 * pattern's {filesha1}) and checks the stored object against it. WebCrypto only hashes a whole buffer at
 * once, which would hold a large file in memory; this hashes as it reads (FIPS 180-4, section 6.1).
 * No imports: the API specs run it under Node too.
 */

const K = [0x5a827999, 0x6ed9eba1, 0x8f1bbcdc, 0xca62c1d6];

function rotl(x: number, n: number): number {
  return (x << n) | (x >>> (32 - n));
}

export class Sha1 {
  private readonly h = new Uint32Array([0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0]);
  private readonly w = new Uint32Array(80);
  private readonly block = new Uint8Array(64);
  private blockLength = 0;
  private length = 0;
  private finished = false;

  update(data: Uint8Array): this {
    if (this.finished) throw new Error('Sha1: update after digest');
    this.length += data.length;
    let offset = 0;
    if (this.blockLength > 0) {
      const take = Math.min(64 - this.blockLength, data.length);
      this.block.set(data.subarray(0, take), this.blockLength);
      this.blockLength += take;
      offset = take;
      if (this.blockLength < 64) return this;
      this.compress(this.block, 0);
      this.blockLength = 0;
    }
    for (; offset + 64 <= data.length; offset += 64) this.compress(data, offset);
    if (offset < data.length) {
      this.block.set(data.subarray(offset), 0);
      this.blockLength = data.length - offset;
    }
    return this;
  }

  /** The lower-case hex digest; the hash cannot be updated afterwards. */
  digest(): string {
    if (!this.finished) {
      const bits = this.length * 8;
      const padding = new Uint8Array(((this.blockLength < 56 ? 56 : 120) - this.blockLength) + 8);
      padding[0] = 0x80;
      const view = new DataView(padding.buffer);
      view.setUint32(padding.length - 8, Math.floor(bits / 0x100000000));
      view.setUint32(padding.length - 4, bits >>> 0);
      this.update(padding);
      this.finished = true;
    }
    return Array.from(this.h, (word) => word.toString(16).padStart(8, '0')).join('');
  }

  private compress(data: Uint8Array, offset: number): void {
    const w = this.w;
    for (let t = 0; t < 16; t++) {
      const i = offset + t * 4;
      w[t] = (data[i] << 24) | (data[i + 1] << 16) | (data[i + 2] << 8) | data[i + 3];
    }
    for (let t = 16; t < 80; t++) w[t] = rotl(w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16], 1);
    let [a, b, c, d, e] = this.h;
    for (let t = 0; t < 80; t++) {
      let f: number;
      if (t < 20) f = (b & c) | (~b & d);
      else if (t < 40) f = b ^ c ^ d;
      else if (t < 60) f = (b & c) | (b & d) | (c & d);
      else f = b ^ c ^ d;
      const next = (rotl(a, 5) + f + e + K[(t / 20) | 0] + w[t]) >>> 0;
      e = d;
      d = c;
      c = rotl(b, 30) >>> 0;
      b = a;
      a = next;
    }
    this.h[0] += a;
    this.h[1] += b;
    this.h[2] += c;
    this.h[3] += d;
    this.h[4] += e;
  }
}

/** The bytes of a slice of a file (Blob.arrayBuffer, with a FileReader fallback for older engines). */
export function readSlice(blob: Blob, start: number, end: number): Promise<ArrayBuffer> {
  const slice = blob.slice(start, end);
  if (typeof slice.arrayBuffer === 'function') return slice.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(slice);
  });
}

/** The SHA-1 of a file, read `chunkSize` bytes at a time; `onProgress` gets the fraction read (0–1). */
export async function sha1OfBlob(blob: Blob, options: { chunkSize?: number; onProgress?: (fraction: number) => void; signal?: AbortSignal } = {}): Promise<string> {
  const chunkSize = options.chunkSize ?? 5 * 1024 * 1024;
  const hash = new Sha1();
  for (let start = 0; start < blob.size; start += chunkSize) {
    if (options.signal?.aborted) throw new DOMException('Aborted', 'AbortError');
    const end = Math.min(blob.size, start + chunkSize);
    hash.update(new Uint8Array(await readSlice(blob, start, end)));
    options.onProgress?.(end / blob.size);
  }
  return hash.digest();
}
