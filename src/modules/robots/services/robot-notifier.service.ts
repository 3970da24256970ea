import { Injectable } from '@nestjs/common';
import { TransactionRunner } from '../../../shared/database/transaction-runner';
import { AppError } from '../../../shared/http/app-error';
import { unixNow } from '../../../shared/http/envelope';
import { siteTimeFormatter } from '../../../shared/time/site-day';
import { ROBOT_TEST_EVENT, type RobotLang } from '../../../../contract/robots';
import { SiteConfigService } from '../../platform';
import { DEFAULT_TEMPLATES, render, RobotMessageEvent, RobotTemplateText } from '../domain/robot-message';
import { RobotEntity, RobotLogEntity, RobotTemplateEntity } from '../persistence/robot.entities';
import { sendToRobot } from './robot-sender';
import { ModuleRegistry } from '../../../shared/modules/module-registry';

type Values = Record<string, string | number>;

/**
 * Tells the robots of an event: every enabled robot subscribed to it gets the event's template in the
 * robot's language (the stored one, else the built-in one) with the variables filled in, and every message
 * sent — accepted or not — is a row of `robot_log`. Called after commits only (listeners, the daily job),
 * never inside a stock transaction; each call waits at most the sender's timeout per robot.
 */
@Injectable()
export class RobotNotifier {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly siteConfig: SiteConfigService,
    private readonly modules: ModuleRegistry,
  ) {}

  async notify(event: RobotMessageEvent, values: Values): Promise<RobotLogEntity[]> {
    const robots = await this.listening(event);
    return Promise.all(robots.map((robot) => this.send(robot, event, values)));
  }

  /** Whether a message of this event would reach a robot: a job spares its reads when none listens. */
  async listens(event: RobotMessageEvent): Promise<boolean> {
    return (await this.listening(event)).length > 0;
  }

  private async listening(event: RobotMessageEvent): Promise<RobotEntity[]> {
    // the alerts' listeners stay registered; while the module is disabled they send nothing
    if (!(await this.modules.isEnabled('robots'))) return [];
    return (await this.transactions.manager.find(RobotEntity, { where: { status: 1 }, order: { id: 'ASC' } })).filter((robot) => robot.events.split(',').includes(event));
  }

  /** `POST routine.Robot/test`: a test message to one robot, enabled or not; answers its log row. */
  async test(id: number): Promise<RobotLogEntity> {
    const robot = await this.transactions.manager.findOne(RobotEntity, { where: { id } });
    if (!robot) throw new AppError('crud.record_not_found');
    return this.send(robot, ROBOT_TEST_EVENT, { robot_name: robot.name });
  }

  private async send(robot: RobotEntity, event: RobotMessageEvent, values: Values): Promise<RobotLogEntity> {
    const template = await this.template(event, robot.lang === 'en' ? 'en' : 'zh-cn');
    const all = { site_name: await this.siteConfig.siteName(), time: siteTimeFormatter(await this.siteConfig.timeZone())(unixNow()), ...values };
    const title = render(template.title, all);
    const content = render(template.content, all);
    const result = await sendToRobot(robot, title, content);
    const row = { robot_id: robot.id, event, result: result.ok ? 1 : 0, status_code: result.status, answer: result.answer, content: content.slice(0, 1000), createtime: unixNow() };
    const { identifiers } = await this.transactions.run((manager) => manager.insert(RobotLogEntity, row));
    return { id: Number(identifiers[0].id), ...row };
  }

  private async template(event: RobotMessageEvent, lang: RobotLang): Promise<RobotTemplateText> {
    if (event !== ROBOT_TEST_EVENT) {
      const stored = await this.transactions.manager.findOne(RobotTemplateEntity, { where: { event, lang } });
      if (stored) return { title: stored.title, content: stored.content ?? '' };
    }
    return DEFAULT_TEMPLATES[event][lang];
  }
}
