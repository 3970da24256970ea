import { Body, Controller, Get, HttpCode, HttpStatus, Post, Query } from '@nestjs/common';
import { CrudKit, CrudRow, CrudService, parseId } from '../../../../shared/crud';
import { toCents } from '../../../../shared/database/money';
import { TransactionRunner } from '../../../../shared/database/transaction-runner';
import { AppError } from '../../../../shared/http/app-error';
import { reply } from '../../../../shared/http/reply';
import { UserMoneyLogEntity, UserScoreLogEntity } from '../persistence/balance-log.entity';
import { UserEntity } from '../persistence/user.entity';
import { moneyText } from '../services/member-info';
import { MemberLedgerService } from '../services/member-ledger.service';
import { AddMoneyLogDto, AddScoreLogDto } from './dto/member-admin.dto';

class MoneyLogCrud extends CrudService<UserMoneyLogEntity> {
  toPlain(row: UserMoneyLogEntity): CrudRow {
    return { ...super.toPlain(row), money: moneyText(row.money), before: moneyText(row.before), after: moneyText(row.after) };
  }
}

const logDefinition = <E extends UserMoneyLogEntity | UserScoreLogEntity>(entity: new () => E, amount: string) => ({
  entity,
  alias: 'log',
  writable: [],
  joins: { user: { entity: UserEntity, on: 'user_id', columns: ['username', 'nickname'] } },
  quickSearchFields: ['id', 'user.username', 'user.nickname', 'memo'],
  searchFields: ['id', 'user_id', amount, 'before', 'after', 'memo', 'createtime', 'user.username', 'user.nickname'],
  filterParams: ['user_id'],
  defaultOrder: [{ field: 'id', direction: 'DESC' as const }],
});

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
    this.crud = new MoneyLogCrud(kit, logDefinition(UserMoneyLogEntity, 'money'));
  }

  @Get('index')
  index(@Query() query: Record<string, unknown>) {
    return this.crud.list(query, { controllerPath: 'user/moneylog' });
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
    this.crud = new CrudService(kit, logDefinition(UserScoreLogEntity, 'score'));
  }

  @Get('index')
  index(@Query() query: Record<string, unknown>) {
    return this.crud.list(query, { controllerPath: 'user/scorelog' });
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
