/** What the command carries. */
export interface AuditCommentsInput {
  ids: unknown;
  status: number;
  memo: string;
}

/** Show (1) or refuse (2) comments (`cms.Comment/audit`). */
export class AuditCommentsCommand {
  constructor(readonly input: AuditCommentsInput) {}
}
