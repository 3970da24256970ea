import { Response } from 'express';
import { I18nContext } from 'nestjs-i18n';
import { DocumentRenderer } from '../../../shared/documents/document-renderer';
import { PrintedDocument } from '../../../shared/documents/printed-document';
import { AuthAdmin } from '../../../shared/http/auth.decorators';
import { unixNow } from '../../../shared/http/envelope';
import { DEFAULT_LANGUAGE, translate } from '../../../shared/http/translate';
import { siteTimeFormatter } from '../../../shared/time/site-day';
import { DocumentContext } from './order-document/order-documents';

/** What every document the orders context prints shares: the reader's language, the site, who prints and when. */
export function printingContext(site: unknown, timeZone: string, admin: AuthAdmin | undefined): Omit<DocumentContext, 'shelves' | 'lots'> {
  const i18n = I18nContext.current();
  return {
    t: (key, args) => translate(key, args, i18n),
    time: siteTimeFormatter(timeZone),
    timeZone,
    site: typeof site === 'string' ? site : '',
    printedBy: admin?.nickname || admin?.username || '',
    printedAt: unixNow(),
  };
}

/**
 * Has the document laid out (by a render worker) before the answer starts — a failure still answers the
 * envelope, not half a PDF — then sends it, in the reader's language.
 */
export async function sendPdf(renderer: DocumentRenderer, response: Response, model: PrintedDocument, filename: string): Promise<void> {
  const lang = I18nContext.current()?.lang ?? DEFAULT_LANGUAGE;
  await renderer.sendDocumentPdf(response, model, filename, lang === 'zh-cn' ? 'zh-CN' : 'en');
}
