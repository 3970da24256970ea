import { Controller, Get, HttpCode, HttpStatus, Post, Query, Req, Res, Type, UseInterceptors } from '@nestjs/common';
import { Request, Response } from 'express';
import { isTrue } from '../../../shared/crud';
import { AppError } from '../../../shared/http/app-error';
import { Reply, reply } from '../../../shared/http/reply';
import { ExportService, formatOf } from './export.service';
import { ImportFileInterceptor } from './import-file.interceptor';
import { ImportService } from './import.service';
import { transferOf } from './transfer-definitions';

type FileRequest = Request & { file?: { buffer: Buffer; originalname: string } };

/**
 * `GET export` (format=csv|xlsx, the filters of `index`), `GET import?template=1` (the import's headers)
 * and `POST import` (multipart `file`) of one catalogue, on its own controller path so the guard checks
 * `wms/<name>/export` and `wms/<name>/import`.
 */
function transferController(path: string): Type<unknown> {
  const name = path.replace(/^admin\/wms\./i, '');
  @Controller(path)
  class TransferController {
    constructor(
      readonly exports: ExportService,
      readonly imports: ImportService,
    ) {}

    @Get('export')
    async export(@Query() query: Record<string, unknown>, @Res() response: Response): Promise<void> {
      await this.exports.export(transferOf(name), query, response);
    }

    @Get('import')
    async template(@Query() query: Record<string, unknown>, @Res() response: Response): Promise<void> {
      const transfer = transferOf(name);
      if (!isTrue(query.template) || !transfer.import) throw new AppError('crud.parameter_error');
      await this.exports.template(transfer, formatOf(query.format), response);
    }

    @Post('import')
    @HttpCode(HttpStatus.OK)
    @UseInterceptors(ImportFileInterceptor)
    async import(@Req() request: FileRequest): Promise<Reply<{ count: number }>> {
      const result = await this.imports.import(transferOf(name), request.file);
      return reply(result, 'transfer.imported', { count: result.count });
    }
  }
  Object.defineProperty(TransferController, 'name', { value: `${name}TransferController` });
  return TransferController;
}

export const TRANSFER_CONTROLLERS = [
  'admin/wms.Brand',
  'admin/wms.Carrier',
  'admin/wms.Customer',
  'admin/wms.Supplier',
  'admin/wms.Category',
  'admin/wms.Unit',
  'admin/wms.Warehouse',
  'admin/wms.WarehouseArea',
  'admin/wms.Shelf',
  'admin/wms.Product',
].map(transferController);
