import { AuthMember } from '../../../../shared/http/auth.decorators';

/** What the command carries. */
export interface ContributeContentInput {
  member: AuthMember;
  /** Set to revise one's own contribution that is still unaudited or was refused. */
  id?: number;
  channel_id: number;
  title: string;
  content: string;
  description?: string;
  keywords?: string;
  images?: string;
  /** The values of the channel's content-model fields (checked as the back office's content form checks them). */
  extra?: Record<string, unknown> | null;
}

/** A member's contribution (`POST /api/cms/contribute`). */
export class ContributeContentCommand {
  constructor(readonly input: ContributeContentInput) {}
}
