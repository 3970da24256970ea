/**
 * Chat robots (the optional module `robots`): the robot kinds, the events they may be told of and the
 * variables each event's template may use. The server renders and the web app lists exactly these.
 */

/** 1 DingTalk group robot, 2 WeCom (WeChat Work) group robot. */
export const ROBOT_TYPES = { dingtalk: 1, wecom: 2 } as const;
export type RobotType = (typeof ROBOT_TYPES)[keyof typeof ROBOT_TYPES];

/** Every event a robot may subscribe to (`routine.Robot` `events[]`). */
export const ROBOT_EVENTS = ['stock.low', 'lot.expiring', 'webhook.failing', 'ledger.verify_failed'] as const;
export type RobotEvent = (typeof ROBOT_EVENTS)[number];

/** The message `POST routine.Robot/test` sends (never subscribed to). */
export const ROBOT_TEST_EVENT = 'robot.test';

/** The languages a template exists in. */
export const ROBOT_LANGS = ['zh-cn', 'en'] as const;
export type RobotLang = (typeof ROBOT_LANGS)[number];

/** Variables every template may use. */
export const ROBOT_COMMON_VARIABLES = ['site_name', 'time'] as const;

/** The variables of each event's template (`{name}` in its title and content), besides the common ones. */
export const ROBOT_EVENT_VARIABLES: Record<RobotEvent | typeof ROBOT_TEST_EVENT, readonly string[]> = {
  'stock.low': ['product_name', 'product_no', 'stock', 'safety_stock'],
  'lot.expiring': ['count', 'days', 'lots'],
  'webhook.failing': ['webhook_id', 'url', 'event_id', 'status', 'error'],
  'ledger.verify_failed': ['problem', 'events', 'intact_up_to', 'source'],
  'robot.test': ['robot_name'],
};

export function isRobotEvent(value: unknown): value is RobotEvent {
  return typeof value === 'string' && (ROBOT_EVENTS as readonly string[]).includes(value);
}

/** `GET routine.RobotTemplate/variables?event=`: the variables its template may use. */
export interface RobotVariables {
  event: string;
  variables: string[];
}
