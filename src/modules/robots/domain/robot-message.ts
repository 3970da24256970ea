import { createHmac } from 'node:crypto';
import { ROBOT_COMMON_VARIABLES, ROBOT_EVENT_VARIABLES, ROBOT_TYPES, type RobotEvent, type RobotLang, type RobotType, ROBOT_TEST_EVENT } from '../../../../contract/robots';

export type RobotMessageEvent = RobotEvent | typeof ROBOT_TEST_EVENT;

/** A template as stored (or the default one): a title and a body with `{variables}`. */
export interface RobotTemplateText {
  title: string;
  content: string;
}

/** The built-in templates, used while an event has none stored for the language. */
export const DEFAULT_TEMPLATES: Record<RobotMessageEvent, Record<RobotLang, RobotTemplateText>> = {
  'stock.low': {
    'zh-cn': { title: '库存低于安全库存', content: '{site_name}：产品 {product_name}（{product_no}）库存 {stock}，低于安全库存 {safety_stock}。\n时间：{time}' },
    en: { title: 'Stock below safety stock', content: '{site_name}: {product_name} ({product_no}) has {stock} in stock, below its safety stock of {safety_stock}.\nTime: {time}' },
  },
  'lot.expiring': {
    'zh-cn': { title: '批次即将过期', content: '{site_name}：{count} 个批次将在 {days} 天内过期或已过期：\n{lots}\n时间：{time}' },
    en: { title: 'Lots about to expire', content: '{site_name}: {count} lots expire within {days} days or have expired:\n{lots}\nTime: {time}' },
  },
  'webhook.failing': {
    'zh-cn': { title: 'Webhook 投递失败', content: '{site_name}：Webhook #{webhook_id}（{url}）重试 24 小时后仍未送达事件 {event_id}，已标记为失败。最后状态 {status}：{error}\n时间：{time}' },
    en: { title: 'Webhook failing', content: '{site_name}: webhook #{webhook_id} ({url}) could not deliver event {event_id} after 24 hours of retries and is marked failing. Last status {status}: {error}\nTime: {time}' },
  },
  'ledger.verify_failed': {
    'zh-cn': { title: '账本校验失败', content: '{site_name}：账本校验失败（{problem}），共 {events} 个事件，完好至事件 {intact_up_to}。来源：{source}\n时间：{time}' },
    en: { title: 'Ledger verification failed', content: '{site_name}: the ledger verification failed ({problem}) over {events} events, intact up to event {intact_up_to}. Source: {source}\nTime: {time}' },
  },
  'robot.test': {
    'zh-cn': { title: '测试消息', content: '{site_name}：这是机器人 {robot_name} 的测试消息。\n时间：{time}' },
    en: { title: 'Test message', content: '{site_name}: this is a test message for the robot {robot_name}.\nTime: {time}' },
  },
};

/** The variables a template of `event` may use: the common ones and the event's own. */
export function variablesOf(event: RobotMessageEvent): string[] {
  return [...ROBOT_COMMON_VARIABLES, ...ROBOT_EVENT_VARIABLES[event]];
}

/** The variables a text uses that `event` does not know (a template is refused with them). */
export function unknownVariables(event: RobotMessageEvent, text: string): string[] {
  const known = new Set(variablesOf(event));
  return [...new Set([...text.matchAll(/\{([a-z_]+)\}/g)].map((m) => m[1]))].filter((name) => !known.has(name));
}

/** `{name}` replaced by its value; a name without a value stays as written. Plain text substitution, no code. */
export function render(text: string, values: Readonly<Record<string, string | number>>): string {
  return text.replace(/\{([a-z_]+)\}/g, (whole, name: string) => (Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : whole));
}

/**
 * DingTalk's signature of a request: `sign` = URL-encoded base64 of HMAC-SHA256("<timestamp>\n<secret>")
 * keyed with the secret, `timestamp` in milliseconds; both go into the webhook URL's query.
 */
export function dingTalkSign(secret: string, timestampMs: number): string {
  return encodeURIComponent(createHmac('sha256', secret).update(`${timestampMs}\n${secret}`, 'utf8').digest('base64'));
}

/** The URL a message is posted to: the webhook, and for a DingTalk robot with a secret its timestamp and sign. */
export function signedUrl(type: RobotType, webhook: string, secret: string, timestampMs: number): string {
  if (type !== ROBOT_TYPES.dingtalk || !secret) return webhook;
  const separator = webhook.includes('?') ? '&' : '?';
  return `${webhook}${separator}timestamp=${timestampMs}&sign=${dingTalkSign(secret, timestampMs)}`;
}

/** The JSON body of a markdown message in the robot's format. */
export function messageBody(type: RobotType, title: string, content: string): string {
  if (type === ROBOT_TYPES.dingtalk) return JSON.stringify({ msgtype: 'markdown', markdown: { title, text: `### ${title}\n\n${content}` } });
  return JSON.stringify({ msgtype: 'markdown', markdown: { content: `### ${title}\n${content}` } });
}

/** Both robots answer `{errcode: 0}` when they took the message (HTTP 200 with another code: refused). */
export function accepted(status: number, answer: unknown): boolean {
  return status === 200 && typeof answer === 'object' && answer !== null && Number((answer as { errcode?: unknown }).errcode) === 0;
}
