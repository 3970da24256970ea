import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { Request } from 'express';
import { removeQuietly, uploadTempDir } from './upload-storage';

/** What the engine leaves on `request.file` once the part is read. */
export interface ReceivedFile {
  fieldname: string;
  originalname: string;
  mimetype: string;
  /** Bytes received (the whole part, even past the limit). */
  size: number;
  /** Hex SHA-1 of the content; empty when the file was too large to keep. */
  sha1: string;
  /** The temporary copy; empty when the file was too large to keep. */
  path: string;
  /** More bytes than `limit` arrived: nothing was kept. */
  exceeded: boolean;
}

interface MulterFile {
  fieldname: string;
  originalname: string;
  mimetype: string;
  stream: Readable;
}

/**
 * A multer storage engine that streams the file part to a temporary file while hashing it, so no upload is
 * held in memory. Past `limitFor(request)` bytes it stops writing, removes what it wrote and only counts
 * the rest (the caller answers "exceeds the allowed range"); multer's own `fileSize` limit is the hard cap
 * on how much is read at all.
 */
export class StreamingUploadEngine {
  constructor(private readonly limitFor: (request: Request) => Promise<number>) {}

  _handleFile(request: Request, file: MulterFile, callback: (error: Error | null, info?: Partial<ReceivedFile>) => void): void {
    this.receive(request, file).then(
      (info) => callback(null, info),
      (error: Error) => callback(error),
    );
  }

  _removeFile(_request: Request, file: Partial<ReceivedFile>, callback: (error: Error | null) => void): void {
    removeQuietly(file.path).then(() => callback(null));
  }

  private async receive(request: Request, file: MulterFile): Promise<Partial<ReceivedFile>> {
    const limit = await this.limitFor(request);
    const dir = uploadTempDir();
    await mkdir(dir, { recursive: true });
    const path = join(dir, `${Date.now()}-${randomBytes(8).toString('hex')}.part`);
    const out = createWriteStream(path, { flags: 'wx' });
    const hash = createHash('sha1');
    let size = 0;
    let exceeded = false;
    const finished = new Promise<void>((resolve, reject) => {
      out.on('finish', resolve);
      out.on('error', reject);
    });
    try {
      for await (const chunk of file.stream as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (exceeded) continue;
        if (size > limit) {
          exceeded = true;
          out.end();
          continue;
        }
        hash.update(chunk);
        if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
      }
      if (!exceeded) out.end();
      await finished;
    } catch (error) {
      out.destroy();
      await removeQuietly(path);
      throw error;
    }
    if (exceeded) {
      await removeQuietly(path);
      return { size, sha1: '', path: '', exceeded: true };
    }
    return { size, sha1: hash.digest('hex'), path, exceeded: false };
  }
}
