import { Controller, Headers, Ip, MessageEvent, Query, Sse } from '@nestjs/common';
import { I18nContext } from 'nestjs-i18n';
import { map, Observable } from 'rxjs';
import { AuthAdmin, CurrentAdmin, LoginOnly } from '../../../../shared/http/auth.decorators';
import { translate } from '../../../../shared/http/translate';
import { frameContext } from '../domain/terminal-protocol';
import { TerminalService } from '../terminal.service';

/**
 * GET /admin/Terminal/index?command=&uuid=&extend=&batoken=&server=1 — an event stream (EventSource cannot
 * send headers, so the token comes in the query; the accounts guard reads it there like any admin token).
 * A signed-in admin gets the stream; only a super administrator gets a command run. The language comes
 * from `lang` in the query.
 */
@Controller('admin/Terminal')
export class TerminalController {
  constructor(private readonly terminal: TerminalService) {}

  @LoginOnly()
  @Sse('index')
  index(
    @Query('command') command: unknown,
    @Query('uuid') uuid: unknown,
    @Query('extend') extend: unknown,
    @CurrentAdmin() admin: AuthAdmin,
    @Ip() ip: string,
    @Headers('user-agent') useragent: string | undefined,
  ): Observable<MessageEvent> {
    const i18n = I18nContext.current();
    return this.terminal
      .open({
        ...frameContext(command, uuid, extend),
        caller: { adminId: admin.id, username: admin.username, isSuper: admin.isSuper, ip: (ip ?? '').slice(0, 50), useragent: String(useragent ?? '').slice(0, 255) },
        translate: (key, args) => translate(key, args, i18n),
      })
      .pipe(map((data) => ({ data })));
  }
}
