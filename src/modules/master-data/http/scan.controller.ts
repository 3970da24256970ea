import { Controller, Get, Query } from '@nestjs/common';
import { ScanReader } from '../queries/scan/scan.reader';

/** `GET wms.Scan/resolve?code=`: what a scanned code names (node `wms/scan/resolve`). */
@Controller('admin/wms.Scan')
export class ScanController {
  constructor(private readonly resolver: ScanReader) {}

  @Get('resolve')
  resolve(@Query('code') code: unknown, @Query('warehouse_id') warehouseId: unknown) {
    return this.resolver.execute(code, warehouseId);
  }
}
