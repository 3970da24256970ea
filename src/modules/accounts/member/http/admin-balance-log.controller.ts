import { Body, Controller, Get, HttpCode, HttpStatus, Post, Query, Res } from '@nestjs/common';
import { Response } from 'express';
import { CrudKit, CrudRow, CrudService, ListExport, parseId, sendListExport } from '../../../../shared/crud';
import { toCents } from '../../../../shared/database/money';
import { TransactionRunner } from '../../../../shared/database/transaction-runner';
import { AppError } from '../../../../shared/http/app-error';
import { reply } from '../../../../shared/http/reply';
import { UserMoneyLogEntity, UserScoreLogEntity } from '../persistence/balance-log.entity';
import { UserEntity } from '../persistence/user.entity';
import { moneyText } from '../services/member-info';
import { MemberLedgerService } from '../services/member-ledger.service';
import { AddMoneyLogDto, AddScoreLogDto } from './dto/member-admin.dto';
import { balanceLogList } from '../../crud/accounts.cruds';

class MoneyLogCrud extends CrudService<UserMoneyLogEntity> {
  toPlain(row: UserMoneyLogEntity): CrudRow {
    return { ...super.toPlain(row), money: moneyText(row.money), before: moneyText(row.before), after: moneyText(row.after) };
  }
}

/** The export of a balance or score log: the member, the change with the amounts before and after, the memo. */
function logExport(kind: 'money' | 'score'): ListExport {
  const h = (name: string) => `accounts.balance_export.${name}`;
  const amount = (value: unknown) => (kind === 'money' ? moneyText(value as number) : Number(value));
  const type = kind === 'money' ? 'money' : 'number';
  type Member = { username?: string; nickname?: string } | null;
  return {
    title: h(`title_${kind}`),
    columns: [
      { label: h('id'), value: (row) => row.id, type: 'number' },
      { label: h('username'), value: (row) => (row.user as Member)?.username ?? '' },
      { label: h('nickname'), value: (row) => (row.user as Member)?.nickname ?? '' },
      { label: h(`change_${kind}`), value: (row) => amount(row[kind]), type },
      { label: h('before'), value: (row) => amount(row.before), type },
      { label: h('after'), value: (row) => amount(row.after), type },
      { label: h('memo'), value: (row) => row.memo, width: 30 },
      { label: h('createtime'), value: (row, x) => x.time(row.createtime), width: 20 },
    ],
  };
}
const MONEY_LOG_EXPORT = logExport('money');
const SCORE_LOG_EXPORT = logExport('score');

/** `GET add?userId=` → {user}: who the change will apply to, with the current balance. */
async function memberForAdd(transactions: TransactionRunner, userId: unknown) {
  const user = await transactions.manager.findOne(UserEntity, { where: { id: parseId(userId) }, select: { id: true, username: true, nickname: true, money: true, score: true } });
  if (!user) throw new AppError('member.member_not_found');
  return { user: { id: user.id, username: user.username, nickname: user.nickname, money: moneyText(user.money), score: Number(user.score) } };
}

/** /admin/user.MoneyLog: the balance log; adding a row is the only way to change a balance. No delete. */
@Controller('admin/user.moneylog')
export class AdminMoneyLogController {
  private readonly crud: MoneyLogCrud;

  constructor(
    kit: CrudKit,
    private readonly transactions: TransactionRunner,
    private readonly ledger: MemberLedgerService,
  ) {
    this.crud = new MoneyLogCrud(kit, balanceLogList(UserMoneyLogEntity, 'money'));
  }

  @Get('index')
  index(@Query() query: Record<string, unknown>) {
    return this.crud.list(query, { controllerPath: 'user/moneylog' });
  }

  @Get('export')
  export(@Query() query: Record<string, unknown>, @Res() response: Response): Promise<void> {
    return sendListExport(response, this.crud, query, MONEY_LOG_EXPORT);
  }

  @Get('add')
  member(@Query('userId') userId: unknown, @Query('user_id') user_id: unknown) {
    return memberForAdd(this.transactions, userId ?? user_id);
  }

  @Post('add')
  @HttpCode(HttpStatus.OK)
  async add(@Body() body: AddMoneyLogDto) {
    const cents = Number(toCents(body.money));
    if (cents === 0) throw new AppError('member.change_required');
    const entry = await this.ledger.change('money', body.user_id, cents, body.memo);
    return reply((await this.crud.get(entry.id)).row, 'crud.added');
  }
}

/** /admin/user.ScoreLog: the score log; adding a row is the only way to change a score. No delete. */
@Controller('admin/user.scorelog')
export class AdminScoreLogController {
  private readonly crud: CrudService<UserScoreLogEntity>;

  constructor(
    kit: CrudKit,
    private readonly transactions: TransactionRunner,
    private readonly ledger: MemberLedgerService,
  ) {
    this.crud = new CrudService(kit, balanceLogList(UserScoreLogEntity, 'score'));
  }

  @Get('index')
  index(@Query() query: Record<string, unknown>) {
    return this.crud.list(query, { controllerPath: 'user/scorelog' });
  }

  @Get('export')
  export(@Query() query: Record<string, unknown>, @Res() response: Response): Promise<void> {
    return sendListExport(response, this.crud, query, SCORE_LOG_EXPORT);
  }

  @Get('add')
  member(@Query('userId') userId: unknown, @Query('user_id') user_id: unknown) {
    return memberForAdd(this.transactions, userId ?? user_id);
  }

  @Post('add')
  @HttpCode(HttpStatus.OK)
  async add(@Body() body: AddScoreLogDto) {
    if (body.score === 0) throw new AppError('member.change_required');
    const entry = await this.ledger.change('score', body.user_id, body.score, body.memo);
    return reply((await this.crud.get(entry.id)).row, 'crud.added');
  }
}
