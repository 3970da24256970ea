import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EntityManager } from 'typeorm';
import { TransactionRunner } from '../../../../shared/database/transaction-runner';
import { unixNow } from '../../../../shared/http/envelope';
import { forUpdate } from '../../../../shared/database/sql-dialect';
import { checkContentExtra } from '../../crud/cms.cruds';
import { CmsRuleError } from '../../domain/cms-errors';
import { CONTENT_STATUS } from '../../domain/content';
import { sanitizeBody } from '../../domain/rich-text';
import { isEmptyMarkup } from '../../../../../contract/rich-text';
import { CmsChannelEntity, CmsContentEntity } from '../../persistence/cms.entities';
import { ContributeContentCommand } from './contribute-content.command';

/** The member rule a member group needs to contribute (Members → Member rules; a `*` group has every rule). */
export const CONTRIBUTE_RULE = 'cms/contributions/contribute';


/**
 * `POST /api/cms/contribute`: a member's contribution. Needs the member rule `cms/contributions/contribute` in the member's
 * group; goes to a shown channel; the body is sanitised; it enters unaudited (a revision of a refused one
 * too, its reason cleared) and is published only by an admin's audit.
 */
@CommandHandler(ContributeContentCommand)
export class ContributeContentHandler implements ICommandHandler<ContributeContentCommand> {
  constructor(private readonly transactions: TransactionRunner) {}

  async execute({ input: command }: ContributeContentCommand): Promise<{ id: number; status: number }> {
    const { member } = command;
    if (!member.isSuper && !member.nodes.has(CONTRIBUTE_RULE)) throw new CmsRuleError('contribute_not_allowed');
    const body = sanitizeBody(command.content);
    // markup left by an emptied editor (<p><br></p>, &nbsp;) is no content either
    if (isEmptyMarkup(body)) throw new CmsRuleError('contribution_empty');
    const now = unixNow();
    return this.transactions.run(async (manager) => {
      const channel = await manager.findOne(CmsChannelEntity, { where: { id: command.channel_id, status: 1 }, select: { id: true } });
      if (!channel) throw new CmsRuleError('reference_missing', { field: '@cms.fields.channel_id' });
      // a revision keeps its stored values unless new ones are sent (read under the row lock below)
      const own = command.id ? await this.lockOwn(manager, command.id, member.id) : null;
      // the channel's content-model fields: checked by the back office's own validator, before anything is written
      const model: Record<string, unknown> = { channel_id: command.channel_id, extra: command.extra };
      await checkContentExtra(manager, model, own);
      const fields = {
        channel_id: command.channel_id,
        title: command.title,
        content: body,
        description: command.description ?? '',
        keywords: command.keywords ?? '',
        images: command.images ?? '',
        status: CONTENT_STATUS.unaudited,
        memo: '',
        extra: (model.extra ?? null) as CmsContentEntity['extra'],
        update_time: now,
      };
      if (command.id && own) {
        await manager.update(CmsContentEntity, { id: command.id }, fields);
        return { id: command.id, status: CONTENT_STATUS.unaudited };
      }
      const { identifiers } = await manager.insert(CmsContentEntity, {
        ...fields,
        user_id: member.id,
        admin_id: 0,
        channel_ids: [],
        title_style: '',
        flag: [],
        seotitle: '',
        tags: [],
        url: '',
        publish_time: null,
        create_time: now,
      });
      const id = Number(identifiers[0].id);
      await manager.update(CmsContentEntity, { id }, { weigh: id });
      return { id, status: CONTENT_STATUS.unaudited };
    });
  }

  /** The member's own contribution to revise, locked: refused unless it is still unaudited or was refused. */
  private async lockOwn(manager: EntityManager, id: number, memberId: number): Promise<CmsContentEntity> {
    const [own]: Array<{ status: number | string }> = await manager.query(`SELECT status FROM cms_content WHERE id = ? AND user_id = ?${forUpdate(manager)}`, [id, memberId]);
    if (!own) throw new CmsRuleError('content_not_found');
    const status = Number(own.status);
    if (status !== CONTENT_STATUS.unaudited && status !== CONTENT_STATUS.refused) throw new CmsRuleError('contribution_locked', { status: `@cms.status.${status}` });
    return manager.findOneOrFail(CmsContentEntity, { where: { id }, select: { id: true, channel_id: true, extra: true } });
  }
}
