/** One text message to send. `content` is the full text; providers with templates use `template` + `params`. */
export interface SmsMessage {
  mobile: string;
  /** The template code (`user_register`, …); a provider maps it to its own template id. */
  template: string;
  params: Record<string, string>;
  content: string;
}

/**
 * Where text messages go. The development driver records them in the database (`sms_message`); a real
 * provider implements the same interface (see smsDriverFor in sms.service.ts for where to plug it in).
 */
export interface SmsDriver {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}
