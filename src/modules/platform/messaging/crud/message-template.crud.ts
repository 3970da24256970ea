import { CrudDefinition } from '../../../../shared/crud';
import { AppError } from '../../../../shared/http/app-error';
import { validateTemplate } from '../domain/message-template';
import { EditMessageTemplateDto } from '../http/dto/message-template.dto';
import { MessageTemplateEntity } from '../persistence/message-template.entity';

/** The message templates: the texts, the provider's code and the switch are editable, each edit checked against its event. */
export const MESSAGE_TEMPLATE_LIST: CrudDefinition<MessageTemplateEntity> = {
  entity: MessageTemplateEntity,
  alias: 'template',
  writable: ['title', 'content', 'template_code', 'status'],
  searchFields: ['id', 'event', 'channel', 'lang', 'title', 'content', 'template_code', 'status', 'updatetime'],
  quickSearchFields: ['event', 'title', 'content', 'template_code'],
  filterParams: ['event', 'channel', 'lang', 'status'],
  defaultOrder: [{ field: 'id', direction: 'ASC' }],
  validation: { edit: EditMessageTemplateDto },
  hooks: {
    beforeWrite: (data, { existing }) => {
      if (!existing) throw new AppError('crud.parameter_error');
      const merged = { ...existing, ...data } as MessageTemplateEntity;
      validateTemplate(existing.event, existing.channel, { title: merged.channel === 'email' ? merged.title : '', content: merged.content, template_code: merged.template_code });
      if (existing.channel === 'sms') data.title = '';
    },
  },
};
