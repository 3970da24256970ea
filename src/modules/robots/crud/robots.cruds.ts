import { CrudDefinition } from '../../../shared/crud';
import { AppError } from '../../../shared/http/app-error';
import { checkOutboundUrl, OutboundRefusedError } from '../../../shared/outbound/outbound-guard';
import { unknownVariables } from '../domain/robot-message';
import { ROBOT_CALLS } from '../services/robot-sender';
import { EditRobotDto, EditRobotTemplateDto, RobotDto, RobotTemplateDto } from '../http/dto/robot.dto';
import { RobotEntity, RobotLogEntity, RobotTemplateEntity } from '../persistence/robot.entities';
import type { RobotEvent } from '../../../../contract/robots';

/** The robots; the secret is written (blank on edit: kept) and never answered. */
export const ROBOT_CRUD: CrudDefinition<RobotEntity> = {
  entity: RobotEntity,
  alias: 'robot',
  writable: ['name', 'type', 'webhook', 'secret', 'events', 'lang', 'status'],
  hidden: ['secret'],
  quickSearchFields: ['id', 'name', 'webhook'],
  searchFields: ['id', 'name', 'type', 'webhook', 'lang', 'status', 'createtime'],
  filterParams: ['type', 'status'],
  validation: { add: RobotDto, edit: EditRobotDto },
  hooks: {
    beforeWrite(data, { action }) {
      const webhook = String(data.webhook ?? '').trim();
      try {
        checkOutboundUrl(webhook, ROBOT_CALLS);
      } catch (error) {
        if (error instanceof OutboundRefusedError) throw new AppError(`robots.url_refused_${error.reason.replace('-', '_')}`, { detail: error.detail });
        throw error;
      }
      data.webhook = webhook;
      if (Array.isArray(data.events)) data.events = [...new Set(data.events as string[])].join(',');
      if (action === 'edit' && !data.secret) delete data.secret;
      if (action === 'add') data.secret = String(data.secret ?? '');
    },
  },
};

/** The templates: one per event and language (the unique key answers "taken"); unknown variables refused. */
export const ROBOT_TEMPLATE_CRUD: CrudDefinition<RobotTemplateEntity> = {
  entity: RobotTemplateEntity,
  alias: 'tpl',
  writable: ['event', 'lang', 'title', 'content'],
  quickSearchFields: ['id', 'event', 'title'],
  searchFields: ['id', 'event', 'lang', 'title', 'createtime'],
  filterParams: ['event', 'lang'],
  validation: { add: RobotTemplateDto, edit: EditRobotTemplateDto },
  hooks: {
    async beforeWrite(data, { manager, existing }) {
      const event = String(data.event) as RobotEvent;
      const unknown = unknownVariables(event, `${data.title} ${data.content}`);
      if (unknown.length) throw new AppError('robots.unknown_variable', { name: unknown[0].slice(0, 50) });
      const same = await manager.findOne(RobotTemplateEntity, { where: { event, lang: String(data.lang) } });
      if (same && same.id !== existing?.id) throw new AppError('robots.template_exists');
    },
  },
};

/** What was sent, newest first, with the robot's name. */
export const ROBOT_LOG_CRUD: CrudDefinition<RobotLogEntity> = {
  entity: RobotLogEntity,
  alias: 'rlog',
  writable: [],
  joins: { robot: { entity: RobotEntity, on: 'robot_id', columns: ['name'] } },
  quickSearchFields: ['id', 'event'],
  searchFields: ['id', 'robot_id', 'event', 'result', 'status_code', 'createtime', 'robot.name'],
  filterParams: ['robot_id', 'event', 'result'],
  defaultOrder: [{ field: 'id', direction: 'DESC' as const }],
};
