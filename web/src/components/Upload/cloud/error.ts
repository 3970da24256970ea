/**
 * A cloud upload failure our server did not report itself (the error number of the upload params, a
 * failure of the bucket): `{code, msg}` like an envelope, shown by the upload control. Its own module so the
 * control can recognise it without loading the cloud upload.
 */
export class CloudUploadError extends Error {
  constructor(
    readonly code: number,
    readonly msg: string,
  ) {
    super(msg);
    this.name = 'CloudUploadError';
  }
}
