import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type * as S3 from '@aws-sdk/client-s3';
import type * as Sts from '@aws-sdk/client-sts';
import type * as Presigner from '@aws-sdk/s3-request-presigner';
import { checkOutboundUrl, PROVIDER_CALLS } from '../../../../shared/outbound/outbound-guard';
import { outboundAgents } from '../../../../shared/outbound/outbound-request';
import { CloudSettings, effectiveEndpoint } from './cloud-settings';
import { onFirstUse } from '../../../../shared/on-first-use';

/* eslint-disable @typescript-eslint/no-require-imports -- loaded when a site first uses cloud storage */
const s3 = onFirstUse(() => require('@aws-sdk/client-s3') as typeof S3);
const stsPackage = onFirstUse(() => require('@aws-sdk/client-sts') as typeof Sts);
const presigner = onFirstUse(() => require('@aws-sdk/s3-request-presigner') as typeof Presigner);
/* eslint-enable @typescript-eslint/no-require-imports */

/** The bucket could not be reached or refused a call; the message says why (never a secret). */
export class CloudStorageError extends Error {
  constructor(
    readonly operation: string,
    readonly reason: unknown,
  ) {
    super(`${operation}: ${describe(reason)}`);
  }
}

export interface TemporaryCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken: string;
  /** Unix seconds. */
  expiration: number;
}

/** What a download read: the SHA-1 of the content and its length. */
export interface DownloadedObject {
  sha1: string;
  size: number;
}

function describe(error: unknown): string {
  if (error instanceof s3().S3ServiceException) return `${error.name} (HTTP ${error.$metadata.httpStatusCode ?? '?'})`;
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}

const HTTP_OPTIONS = { connectionTimeout: 5000, requestTimeout: 30000 };

/** The SDK's HTTP settings: its sockets resolve through the outbound guard (public addresses only). */
const httpOptions = () => ({ ...HTTP_OPTIONS, ...outboundAgents(PROVIDER_CALLS) });

/**
 * The S3-compatible bucket of the cloud upload, through the AWS SDK with the long-term key of the
 * settings (which never leaves the server). One instance per request: settings are read fresh each time.
 * The server's own calls (not the presigned URLs, which the browser uses) go through the outbound guard:
 * the endpoint and the STS endpoint must be https on public addresses unless OUTBOUND_ALLOW_PRIVATE=1.
 * Checksums are only sent where S3 requires them, which keeps COS, MinIO and s3rver happy and presigned
 * URLs free of checksum parameters a browser would have to match.
 */
export class S3Bucket {
  private readonly client: S3.S3Client;

  constructor(private readonly settings: CloudSettings) {
    this.client = new (s3().S3Client)({
      endpoint: effectiveEndpoint(settings),
      region: settings.region,
      forcePathStyle: settings.pathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 2,
      requestHandler: httpOptions(),
    });
  }

  /** Refuses a call to an endpoint the outbound guard does not allow (checked at each call: the settings may say anything). */
  private guard(endpoint: string): void {
    checkOutboundUrl(endpoint, PROVIDER_CALLS);
  }

  /** The object's size, or null when there is no such object. */
  async head(key: string): Promise<{ size: number } | null> {
    try {
      this.guard(effectiveEndpoint(this.settings));
      const answer = await this.client.send(new (s3().HeadObjectCommand)({ Bucket: this.settings.bucket, Key: key }));
      return { size: Number(answer.ContentLength ?? 0) };
    } catch (error) {
      if (error instanceof s3().S3ServiceException && (error.$metadata.httpStatusCode === 404 || error.name === 'NotFound' || error.name === 'NoSuchKey')) return null;
      throw new CloudStorageError('HeadObject', error);
    }
  }

  async createMultipartUpload(key: string, contentType: string): Promise<string> {
    try {
      this.guard(effectiveEndpoint(this.settings));
      const answer = await this.client.send(
        new (s3().CreateMultipartUploadCommand)({ Bucket: this.settings.bucket, Key: key, ContentType: contentType || 'application/octet-stream' }),
      );
      if (!answer.UploadId) throw new Error('no UploadId in the answer');
      return answer.UploadId;
    } catch (error) {
      throw new CloudStorageError('CreateMultipartUpload', error);
    }
  }

  /** A URL that lets its holder PUT exactly this part of this upload, until it expires. */
  presignPart(key: string, uploadId: string, partNumber: number, expiresIn: number): Promise<string> {
    return this.presign(() => presigner().getSignedUrl(this.client, new (s3().UploadPartCommand)({ Bucket: this.settings.bucket, Key: key, UploadId: uploadId, PartNumber: partNumber }), { expiresIn }));
  }

  /** A URL that lets its holder POST the list of parts that completes this upload. */
  presignComplete(key: string, uploadId: string, expiresIn: number): Promise<string> {
    return this.presign(() => presigner().getSignedUrl(this.client, new (s3().CompleteMultipartUploadCommand)({ Bucket: this.settings.bucket, Key: key, UploadId: uploadId }), { expiresIn }));
  }

  /** A URL that lets its holder abandon this upload (DELETE), after a failure. */
  presignAbort(key: string, uploadId: string, expiresIn: number): Promise<string> {
    return this.presign(() => presigner().getSignedUrl(this.client, new (s3().AbortMultipartUploadCommand)({ Bucket: this.settings.bucket, Key: key, UploadId: uploadId }), { expiresIn }));
  }

  private async presign(sign: () => Promise<string>): Promise<string> {
    try {
      return await sign();
    } catch (error) {
      throw new CloudStorageError('Presign', error);
    }
  }

  /**
   * Streams the object into a file while hashing it. Stops (and answers the bytes seen so far) once more
   * than `limit` bytes arrive, so a swapped object can never fill the disk.
   */
  async download(key: string, path: string, limit: number): Promise<DownloadedObject> {
    const hash = createHash('sha1');
    let size = 0;
    try {
      this.guard(effectiveEndpoint(this.settings));
      const answer = await this.client.send(new (s3().GetObjectCommand)({ Bucket: this.settings.bucket, Key: key }));
      if (!answer.Body) throw new Error('no body in the answer');
      const meter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          if (size > limit) return done(new ObjectTooLargeError());
          hash.update(chunk);
          done(null, chunk);
        },
      });
      await pipeline(answer.Body as Readable, meter, createWriteStream(path, { flags: 'wx' }));
    } catch (error) {
      if (error instanceof ObjectTooLargeError) return { sha1: '', size };
      throw new CloudStorageError('GetObject', error);
    }
    return { sha1: hash.digest('hex'), size };
  }

  async delete(key: string): Promise<void> {
    try {
      this.guard(effectiveEndpoint(this.settings));
      await this.client.send(new (s3().DeleteObjectCommand)({ Bucket: this.settings.bucket, Key: key }));
    } catch (error) {
      throw new CloudStorageError('DeleteObject', error);
    }
  }

  /**
   * Temporary credentials from the STS of the settings (AssumeRole), limited by the session policy and
   * living `durationSeconds`.
   */
  async assumeRole(input: { policy: string; sessionName: string; durationSeconds: number }): Promise<TemporaryCredentials> {
    const sts = new (stsPackage().STSClient)({
      endpoint: this.settings.stsEndpoint,
      region: this.settings.region,
      credentials: { accessKeyId: this.settings.accessKeyId, secretAccessKey: this.settings.secretAccessKey },
      maxAttempts: 2,
      requestHandler: httpOptions(),
    });
    try {
      this.guard(this.settings.stsEndpoint);
      const answer = await sts.send(
        new (stsPackage().AssumeRoleCommand)({
          RoleArn: this.settings.stsRole || undefined,
          RoleSessionName: input.sessionName,
          DurationSeconds: input.durationSeconds,
          Policy: input.policy,
        }),
      );
      const credentials = answer.Credentials;
      if (!credentials?.AccessKeyId || !credentials.SecretAccessKey || !credentials.SessionToken) throw new Error('no credentials in the answer');
      const expiration = credentials.Expiration ? Math.floor(new Date(credentials.Expiration).getTime() / 1000) : 0;
      return { accessKeyId: credentials.AccessKeyId, secretAccessKey: credentials.SecretAccessKey, sessionToken: credentials.SessionToken, expiration };
    } catch (error) {
      throw new CloudStorageError('AssumeRole', error);
    } finally {
      sts.destroy();
    }
  }

  destroy(): void {
    this.client.destroy();
  }
}

class ObjectTooLargeError extends Error {}
