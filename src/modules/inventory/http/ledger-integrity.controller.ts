import { Body, Controller, Get, MessageEvent, Post, Query, Res, Sse } from '@nestjs/common';
import { Response } from 'express';
import { I18nContext } from 'nestjs-i18n';
import { Observable } from 'rxjs';
import type { VerifyMessage } from '../../../../contract/ledger';
import { CrudKit, CrudService } from '../../../shared/crud';
import { AppError } from '../../../shared/http/app-error';
import { reply } from '../../../shared/http/reply';
import { AuthAdmin, CurrentAdmin } from '../../../shared/http/auth.decorators';
import { sendCsv } from '../../../shared/http/csv-export';
import { translate } from '../../../shared/http/translate';
import { sendXlsx, XlsxColumn } from '../../../shared/http/xlsx-export';
import { siteTimeFormatter } from '../../../shared/time/site-day';
import { SiteConfigService } from '../../platform';
import { LedgerDigests } from '../integrity/ledger-digests.service';
import { LedgerSigningKey } from '../integrity/ledger-signing-key';
import { LedgerVerifier } from '../integrity/ledger-verifier.service';
import { LedgerDigestEntity, LedgerVerificationEntity } from '../persistence/ledger-integrity.entities';
import { DIGEST_LIST, VERIFICATION_LIST } from '../crud/inventory.cruds';

const positiveId = (value: unknown): number | null => (typeof value === 'string' && /^\d{1,10}$/.test(value) && Number(value) > 0 ? Number(value) : null);
const EXPORT_PAGE_ROWS = 500;

/**
 * The auditor's ledger workspace (`/admin/audit.Ledger/*`): signed digests (list, take, download as JSON),
 * the public key that checks them, and verification runs — `verify` is an event stream of progress that
 * ends with the answer (EventSource cannot send headers: token and `lang` come in the query string).
 */
@Controller('admin/audit.Ledger')
export class LedgerIntegrityController {
  private readonly digestList: CrudService<LedgerDigestEntity>;
  private readonly runList: CrudService<LedgerVerificationEntity>;
  /** One verification at a time per process: a run reads the whole ledger. */
  private verifying = false;

  constructor(
    kit: CrudKit,
    private readonly digests: LedgerDigests,
    private readonly verifier: LedgerVerifier,
    private readonly key: LedgerSigningKey,
    private readonly siteConfig: SiteConfigService,
  ) {
    this.digestList = new CrudService(kit, DIGEST_LIST);
    this.runList = new CrudService(kit, VERIFICATION_LIST);
  }

  @Get('index')
  index(@Query() query: Record<string, unknown>) {
    return this.digestList.list(query, { controllerPath: 'audit/ledger', scope: (qb) => qb.andWhere("digest.signature <> ''") });
  }

  @Get('runs')
  runs(@Query() query: Record<string, unknown>) {
    return this.runList.list(query, { controllerPath: 'audit/ledger' });
  }

  @Post('take')
  async take(@CurrentAdmin() admin: AuthAdmin) {
    const digest = await this.digests.take(admin.id);
    // the page says what was taken
    return reply(digest, 'ledger.digest_taken', { id: digest.id, events: digest.events, streams: digest.streams });
  }

  /** The digest as a small JSON file an auditor keeps outside the system. */
  @Get('download')
  async download(@Query('id') id: unknown, @Res() response: Response): Promise<void> {
    const digestId = positiveId(id);
    if (!digestId) throw new AppError('ledger.digest_not_found', { id: String(id ?? '').slice(0, 20) });
    const file = this.digests.file(await this.digests.get(digestId));
    response.setHeader('Content-Type', 'application/json; charset=utf-8');
    response.setHeader('Content-Disposition', `attachment; filename="ledger-digest-${digestId}.json"`);
    response.setHeader('Cache-Control', 'no-store');
    response.send(JSON.stringify(file, null, 2));
  }

  /** The public key that checks every digest; `download=1` answers it as a PEM file. */
  @Get('publicKey')
  publicKey(@Query('download') download: unknown, @Res({ passthrough: true }) response: Response) {
    const pem = this.key.publicKeyPem;
    if (download !== '1') return { public_key: pem, algorithm: 'Ed25519' };
    response.setHeader('Content-Type', 'application/x-pem-file');
    response.setHeader('Content-Disposition', 'attachment; filename="ledger-digest-public-key.pem"');
    response.send(pem);
    return undefined;
  }

  /** `digest_id`: a stored digest to check the ledger against; `latest` (default) or `none`. */
  @Sse('verify')
  verify(@Query('digest_id') digestId: unknown, @CurrentAdmin() admin: AuthAdmin): Observable<MessageEvent> {
    const i18n = I18nContext.current();
    const digest = digestId === 'none' ? null : (positiveId(digestId) ?? 'latest');
    return new Observable<MessageEvent>((subscriber) => {
      const send = (message: VerifyMessage) => subscriber.next({ data: message });
      if (this.verifying) {
        send({ type: 'error', msg: translate('ledger.verification_running', {}, i18n) });
        subscriber.complete();
        return;
      }
      this.verifying = true;
      let last = 0;
      this.verifier
        .verify({ digest, adminId: admin.id, source: 'web' }, (p) => {
          // at most a few messages a second, and always the first and the last
          const now = Date.now();
          if (p.done !== 0 && p.done !== p.total && now - last < 250) return;
          last = now;
          send({ type: 'progress', ...p });
        })
        .then((report) => send({ type: 'result', report }))
        .catch((error: unknown) => {
          const key = error instanceof AppError ? error.messageKey : 'ledger.verification_failed';
          send({ type: 'error', msg: translate(key, error instanceof AppError ? error.args : {}, i18n) });
        })
        .finally(() => {
          this.verifying = false;
          subscriber.complete();
        });
    });
  }

  /** The digests (or, with `what=runs`, the verification runs) as CSV or XLSX. */
  @Get('export')
  async export(@Query() query: Record<string, unknown>, @Res() response: Response): Promise<void> {
    const time = siteTimeFormatter(await this.siteConfig.timeZone());
    const h = (key: string) => translate(`ledger.columns.${key}`);
    const xlsx = query.format === 'xlsx';
    const day = new Date().toISOString().slice(0, 10);
    if (query.what === 'runs') {
      const columns: XlsxColumn<Record<string, any>>[] = [
        { header: h('id'), value: (r) => r.id, type: 'number' },
        { header: h('started_at'), value: (r) => time(Number(r.started_at)) },
        { header: h('digest_id'), value: (r) => r.digest_id || '', type: 'number' },
        { header: h('events'), value: (r) => r.events, type: 'number' },
        { header: h('result'), value: (r) => translate(Number(r.intact) ? 'ledger.intact' : `ledger.problem.${r.problem_kind || 'altered'}`) },
        { header: h('intact_up_to'), value: (r) => r.intact_up_to, type: 'number' },
        { header: h('problem_stream'), value: (r) => r.problem_stream },
        { header: h('problem_version'), value: (r) => r.problem_version || '', type: 'number' },
        { header: h('problem_event_id'), value: (r) => r.problem_event_id || '', type: 'number' },
      ];
      const rows = this.runList.scan(query, { chunkSize: EXPORT_PAGE_ROWS });
      if (xlsx) return sendXlsx(response, `ledger-verifications-${day}.xlsx`, h('runs'), columns, rows);
      return sendCsv(response, `ledger-verifications-${day}.csv`, columns, rows);
    }
    const columns: XlsxColumn<Record<string, any>>[] = [
      { header: h('id'), value: (r) => r.id, type: 'number' },
      { header: h('created_at'), value: (r) => time(Number(r.created_at)) },
      { header: h('day'), value: (r) => r.day ?? '' },
      { header: h('last_event_id'), value: (r) => r.last_event_id, type: 'number' },
      { header: h('streams'), value: (r) => r.streams, type: 'number' },
      { header: h('events'), value: (r) => r.events, type: 'number' },
      { header: h('root'), value: (r) => r.root, width: 66 },
      { header: h('signature'), value: (r) => r.signature, width: 90 },
    ];
    const rows = this.digestList.scan(query, { chunkSize: EXPORT_PAGE_ROWS, scope: (qb) => qb.andWhere("digest.signature <> ''") });
    if (xlsx) return sendXlsx(response, `ledger-digests-${day}.xlsx`, h('digests'), columns, rows);
    return sendCsv(response, `ledger-digests-${day}.csv`, columns, rows);
  }
}
