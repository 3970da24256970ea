import { Injectable, Logger } from '@nestjs/common';
import { isIP } from 'node:net';
import { onFirstUse } from '../../../../shared/on-first-use';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { checkOutboundHost, PROVIDER_CALLS } from '../../../../shared/outbound/outbound-guard';
import { SiteConfigService } from '../../config/site-config.service';
import { mailFailureReason } from './mail-failure';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded with the first mail
const nodemailer = onFirstUse(() => require('nodemailer') as typeof import('nodemailer'));

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** How to reach the SMTP server and who the mail is from. */
export interface MailSettings {
  transport: string | SMTPTransport.Options;
  from: string;
}

/** Slow or silent servers fail in seconds, not minutes (the member waits for the answer). */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/** How long a connection to a silent address (a filtered port) may take before it fails. */
export const MAIL_CONNECT_TIMEOUT_MS = TIMEOUTS.connectionTimeout;

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * Sends e-mail through nodemailer with the site's SMTP settings (config group `mail`), or with
 * SMTP_URL / SMTP_FROM when set. Settings are read on every send, so an edit in the back
 * office applies at once. The server of the site settings goes through the outbound guard: its name is
 * resolved, every address must be public (unless OUTBOUND_ALLOW_PRIVATE=1), and the connection goes to an
 * address that was checked (the name still verifies the certificate). SMTP_URL is the operator's own and
 * is not checked: a relay on the same machine or network is set there.
 */
@Injectable()
export class MailerService {
  private readonly logger = new Logger('Mailer');

  constructor(private readonly siteConfig: SiteConfigService) {}

  /** null when mail is not configured (no server, port or sender address). */
  async settings(env: NodeJS.ProcessEnv = process.env): Promise<MailSettings | null> {
    const mail = await this.siteConfig.group('mail');
    const sender = text(env.SMTP_FROM) || text(mail.smtp_sender_mail);
    if (text(env.SMTP_URL)) {
      return { transport: text(env.SMTP_URL), from: sender || 'no-reply@localhost' };
    }
    return mailSettingsFrom({ ...mail, smtp_sender_mail: sender });
  }

  async isConfigured(): Promise<boolean> {
    return (await this.settings()) !== null;
  }

  /** Sends one message; rejects when mail is not configured or the server refuses it. */
  async send(mail: OutgoingMail): Promise<void> {
    const settings = await this.settings();
    if (!settings) throw new Error('mail is not configured');
    await this.sendWith(settings, mail);
  }

  /** Sends one message with the given settings (the config page's test mail); rejects when the server refuses it. */
  async sendWith(settings: MailSettings, mail: OutgoingMail): Promise<void> {
    const options: SMTPTransport.Options =
      typeof settings.transport === 'string' ? { url: settings.transport, ...TIMEOUTS } : { ...settings.transport, ...TIMEOUTS };
    let transport: ReturnType<typeof import('nodemailer').createTransport> | undefined;
    try {
      transport = nodemailer().createTransport(typeof settings.transport === 'string' ? options : await guardedServer(options));
      await transport.sendMail({ from: settings.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    } catch (error) {
      this.logger.warn(describeMailFailure(error, options));
      throw error;
    } finally {
      transport?.close();
    }
  }
}

/** The SMTP server of the site settings at an address the outbound guard checked, its name kept for TLS. */
async function guardedServer(options: SMTPTransport.Options): Promise<SMTPTransport.Options> {
  const host = String(options.host ?? '');
  const [address] = await checkOutboundHost(host, PROVIDER_CALLS);
  return { ...options, host: address.address, ...(isIP(host.replace(/^\[|\]$/g, '')) ? {} : { servername: host }) };
}

/**
 * SMTP settings from the values of the config group `mail` (smtp_server, smtp_port, smtp_user, smtp_pass,
 * smtp_verification, smtp_sender_mail); null when the server, a valid port or the sender is missing.
 */
export function mailSettingsFrom(mail: Record<string, unknown>): MailSettings | null {
  const host = text(mail.smtp_server);
  const port = Number(text(mail.smtp_port));
  const sender = text(mail.smtp_sender_mail);
  if (!host || !Number.isInteger(port) || port <= 0 || port > 65535 || !sender) return null;
  const user = text(mail.smtp_user);
  const verification = text(mail.smtp_verification).toUpperCase();
  return {
    transport: {
      host,
      port,
      // SSL: TLS from the first byte (usually port 465); TLS: STARTTLS required (usually 587).
      secure: verification === 'SSL',
      requireTLS: verification === 'TLS',
      auth: user ? { user, pass: typeof mail.smtp_pass === 'string' ? mail.smtp_pass : '' } : undefined,
    },
    from: sender,
  };
}

/**
 * The server log's line for a failed send: the reason, where it went and what the server or the socket
 * said — with the password (plain, and as the base64 of AUTH PLAIN / LOGIN) cut out of every part.
 */
export function describeMailFailure(error: unknown, options: SMTPTransport.Options): string {
  const { code, responseCode, message } = (error ?? {}) as { code?: unknown; responseCode?: unknown; message?: unknown };
  const auth = (options.auth ?? {}) as { user?: string; pass?: string };
  const url = typeof options.url === 'string' ? safeUrl(options.url) : null;
  const secrets = [auth.pass, url?.password ? decodeURIComponent(url.password) : undefined].filter((s): s is string => !!s && s.length > 0);
  const hidden = secrets.flatMap((secret) => [secret, Buffer.from(secret).toString('base64'), Buffer.from(`\0${auth.user ?? url?.username ?? ''}\0${secret}`).toString('base64')]);
  const where = url ? `${url.hostname}:${url.port || '(default)'}` : `${options.host ?? '?'}:${options.port ?? '(default)'}`;
  let detail = `Sending mail via ${where} failed (${mailFailureReason(error)}): code=${String(code ?? '-')} response=${String(responseCode ?? '-')} ${typeof message === 'string' ? message : String(error)}`;
  for (const secret of hidden) detail = detail.split(secret).join('***');
  return detail;
}

function safeUrl(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}
