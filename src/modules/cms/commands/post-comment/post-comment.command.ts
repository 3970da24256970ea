import { AuthMember } from '../../../../shared/http/auth.decorators';

/** What the command carries. */
export interface PostCommentInput {
  contentId: number;
  text: unknown;
  /** A visitor's name (comments of the `all` group); members are named by their account. */
  nickname?: string;
  member?: AuthMember;
  ip: string;
  captchaId?: string;
  captchaInfo?: string;
}

/** A comment on published content (`POST /api/cms/comment`). */
export class PostCommentCommand {
  constructor(readonly input: PostCommentInput) {}
}
