import { AppError } from '../../../../shared/http/app-error';

/*
 * Message templates (the spec's SMS and chat-message templates): one text per event, channel and language,
 * with variables written `{name}`. E-mail templates have a subject (`title`) and a plain-text body; SMS
 * templates have the text and the provider's template code (Alibaba Cloud `SMS_…`, Tencent Cloud's numeric
 * TemplateId). Providers receive the variables the text uses: by name (Alibaba Cloud's TemplateParam) or
 * in the order they first appear in the text (Tencent Cloud's TemplateParamSet, for templates written
 * `{1}`, `{2}`, … on its console).
 */

export type TemplateChannel = 'email' | 'sms';
export const TEMPLATE_CHANNELS: readonly TemplateChannel[] = ['email', 'sms'];
export type TemplateLang = 'zh-cn' | 'en';
export const TEMPLATE_LANGS: readonly TemplateLang[] = ['zh-cn', 'en'];

const CODE_VARIABLES = ['site', 'code', 'minutes'] as const;
const NOTICE_VARIABLES = ['site', 'username', 'title', 'content'] as const;

export interface TemplateEvent {
  channels: readonly TemplateChannel[];
  variables: readonly string[];
  /** Variables a template of the event must use (a code template without `{code}` would send no code). */
  required: readonly string[];
}

export const TEMPLATE_EVENTS: Record<string, TemplateEvent> = {
  user_register: { channels: ['email', 'sms'], variables: CODE_VARIABLES, required: ['code'] },
  user_retrieve_pwd: { channels: ['email', 'sms'], variables: CODE_VARIABLES, required: ['code'] },
  user_change_mobile: { channels: ['sms'], variables: CODE_VARIABLES, required: ['code'] },
  user_change_email: { channels: ['email'], variables: CODE_VARIABLES, required: ['code'] },
  user_mobile_verify: { channels: ['sms'], variables: CODE_VARIABLES, required: ['code'] },
  user_email_verify: { channels: ['email'], variables: CODE_VARIABLES, required: ['code'] },
  notice: { channels: ['email', 'sms'], variables: NOTICE_VARIABLES, required: [] },
};

export const TITLE_MAX = 200;
export const MAIL_BODY_MAX = 5000;
export const SMS_BODY_MAX = 500;
export const TEMPLATE_CODE_PATTERN = /^[A-Za-z0-9_-]{0,64}$/;

const VARIABLE = /\{([A-Za-z0-9_]+)\}/g;

/** The variables a text uses, in order of first appearance. */
export function variablesOf(text: string): string[] {
  return [...new Set([...text.matchAll(VARIABLE)].map((m) => m[1]))];
}

export interface TemplateText {
  title: string;
  content: string;
  template_code: string;
}

/** Refuses a template whose texts do not fit its event and channel, saying what is wrong. */
export function validateTemplate(event: string, channel: TemplateChannel, template: TemplateText): void {
  const definition = TEMPLATE_EVENTS[event];
  if (!definition || !definition.channels.includes(channel)) throw new AppError('messaging.template.unknown_event');
  const allowed = definition.variables.map((v) => `{${v}}`).join(', ');
  if (channel === 'email') {
    if (!template.title.trim()) throw new AppError('validation.required', { field: '@messaging.template.title' });
    if (template.title.length > TITLE_MAX) throw new AppError('validation.max_length', { field: '@messaging.template.title', max: TITLE_MAX });
    if (/[\r\n]/.test(template.title)) throw new AppError('messaging.template.title_one_line');
  }
  const bodyMax = channel === 'email' ? MAIL_BODY_MAX : SMS_BODY_MAX;
  if (!template.content.trim()) throw new AppError('validation.required', { field: '@messaging.template.content' });
  if (template.content.length > bodyMax) throw new AppError('validation.max_length', { field: '@messaging.template.content', max: bodyMax });
  if (!TEMPLATE_CODE_PATTERN.test(template.template_code)) throw new AppError('messaging.template.code_invalid');
  const used = variablesOf(`${channel === 'email' ? template.title : ''}\n${template.content}`);
  const unknown = used.find((name) => !definition.variables.includes(name));
  if (unknown) throw new AppError('messaging.template.unknown_variable', { variable: `{${unknown}}`, allowed });
  const missing = definition.required.find((name) => !used.includes(name));
  if (missing) throw new AppError('messaging.template.missing_variable', { variable: `{${missing}}` });
}

/** A text with each known `{name}` replaced by its value; unknown names stay as written. */
export function renderText(text: string, values: Record<string, string>): string {
  return text.replace(VARIABLE, (whole, name: string) => (Object.prototype.hasOwnProperty.call(values, name) ? values[name] : whole));
}

export interface RenderedTemplate {
  title: string;
  content: string;
  templateCode: string;
  /** The variables the text uses, by name, with their values. */
  params: Record<string, string>;
  /** The same values in order of first appearance in the text. */
  orderedParams: string[];
}

export function renderTemplate(template: TemplateText, values: Record<string, string>): RenderedTemplate {
  const used = variablesOf(template.content).filter((name) => Object.prototype.hasOwnProperty.call(values, name));
  return {
    title: renderText(template.title, values).replace(/[\r\n]+/g, ' '),
    content: renderText(template.content, values),
    templateCode: template.template_code,
    params: Object.fromEntries(used.map((name) => [name, values[name]])),
    orderedParams: used.map((name) => values[name]),
  };
}

type Purpose = 'register' | 'retrieve' | 'change' | 'verify';
const PURPOSE_OF: Record<string, Purpose> = {
  user_register: 'register',
  user_retrieve_pwd: 'retrieve',
  user_change_mobile: 'change',
  user_change_email: 'change',
  user_mobile_verify: 'verify',
  user_email_verify: 'verify',
};
const PURPOSE_TEXT: Record<TemplateLang, Record<Purpose, string>> = {
  'zh-cn': { register: '注册账号', retrieve: '找回密码', change: '绑定到您的账号', verify: '验证账号' },
  en: { register: 'sign up', retrieve: 'reset your password', change: 'bind this address to your account', verify: 'verify your account' },
};

/** The texts an installation starts with (and falls back to when a template row is missing). */
export function defaultTemplate(event: string, channel: TemplateChannel, lang: TemplateLang): TemplateText {
  if (event === 'notice') {
    if (lang === 'en') {
      return channel === 'email'
        ? { title: '{site}: {title}', content: 'Hello {username},\n\n{content}\n\n{site}', template_code: '' }
        : { title: '', content: '[{site}] {title}: {content}', template_code: '' };
    }
    return channel === 'email'
      ? { title: '{site}：{title}', content: '{username}，您好：\n\n{content}\n\n{site}', template_code: '' }
      : { title: '', content: '【{site}】{title}：{content}', template_code: '' };
  }
  const purpose = PURPOSE_TEXT[lang][PURPOSE_OF[event] ?? 'verify'];
  if (lang === 'en') {
    return channel === 'email'
      ? {
          title: '{site}: your verification code {code}',
          content: `You asked for a code to ${purpose} at {site}. Your verification code is {code}; it is valid for {minutes} minutes. If you did not ask for it, ignore this e-mail.`,
          template_code: '',
        }
      : { title: '', content: `[{site}] Your code to ${purpose} is {code}, valid for {minutes} minutes. Do not share it.`, template_code: '' };
  }
  return channel === 'email'
    ? { title: '{site}：您的验证码 {code}', content: `您正在 {site} ${purpose}，验证码为 {code}，{minutes} 分钟内有效。如非本人操作，请忽略本邮件。`, template_code: '' }
    : { title: '', content: `【{site}】您正在${purpose}，验证码 {code}，{minutes} 分钟内有效，请勿泄露。`, template_code: '' };
}

/** Every (event, channel, language) an installation has a template for. */
export function templateKeys(): Array<{ event: string; channel: TemplateChannel; lang: TemplateLang }> {
  return Object.entries(TEMPLATE_EVENTS).flatMap(([event, definition]) =>
    definition.channels.flatMap((channel) => TEMPLATE_LANGS.map((lang) => ({ event, channel, lang }))),
  );
}
