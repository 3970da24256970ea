import type { NoticeReader } from '../../domain/notice';

/** A reader marks notices read (`POST /admin/routine.Notice/read`, `POST /api/notice/read`). */
export class ReadNoticesCommand {
  constructor(
    readonly reader: NoticeReader,
    readonly ids: readonly number[],
  ) {}
}
