import { Controller, Get, Query } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { normalizeSerial, SERIAL_NO_MAX_LENGTH } from '../../../../contract/serials';
import { TransactionRunner } from '../../../shared/database/transaction-runner';
import { msg } from '../../../shared/http/validation';
import { SerialReader } from '../queries/serials/serial.reader';

const toInt = ({ value }: { value: unknown }) => (typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value);

/** `wms.Serial/index`: which serials (all filters optional), one page of at most 100. */
export class SerialIndexQuery {
  @IsOptional() @Transform(toInt) @IsInt({ message: msg('validation.integer') }) @Min(0) product_id?: number;
  @IsOptional() @IsString({ message: msg('validation.invalid') }) @MaxLength(SERIAL_NO_MAX_LENGTH, { message: msg('validation.max_length', { max: SERIAL_NO_MAX_LENGTH }) }) serial_no?: string;
  @IsOptional() @Transform(toInt) @IsInt({ message: msg('validation.integer') }) @Min(0) warehouse_shelf_id?: number;
  @IsOptional() @Transform(toInt) @IsIn([0, 1], { message: msg('validation.in') }) in_stock?: number;
  @IsOptional() @Transform(toInt) @IsInt({ message: msg('validation.integer') }) @Min(1) @Max(100000) page?: number;
  @IsOptional() @Transform(toInt) @IsInt({ message: msg('validation.integer') }) @Min(1) @Max(100, { message: msg('validation.max', { max: 100 }) }) limit?: number;
}

/**
 * Serial numbers (`wms.Serial`, §14): where each serial of a serial-tracked product is — its shelf and lot, in
 * stock or gone — and its movements (order, time, shelf), read from the serial projection the ledger writes.
 */
@Controller('admin/wms.serial')
export class SerialController {
  constructor(
    private readonly serials: SerialReader,
    private readonly transactions: TransactionRunner,
  ) {}

  @Get('index')
  async index(@Query() query: SerialIndexQuery) {
    const serial = query.serial_no === undefined || query.serial_no.trim() === '' ? undefined : (normalizeSerial(query.serial_no) ?? undefined);
    return this.transactions.read((manager) =>
      this.serials.list(manager, { product_id: query.product_id || undefined, serial_no: serial, warehouse_shelf_id: query.warehouse_shelf_id || undefined, in_stock: query.in_stock, page: query.page ?? 1, limit: query.limit ?? 20 }),
    );
  }
}
