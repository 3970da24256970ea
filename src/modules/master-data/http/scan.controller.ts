import { Controller, Get, Query } from '@nestjs/common';
import { ResolveScanService } from '../queries/resolve-scan/resolve-scan.service';

/** `GET wms.Scan/resolve?code=`: what a scanned code names (node `wms/scan/resolve`). */
@Controller('admin/wms.Scan')
export class ScanController {
  constructor(private readonly resolver: ResolveScanService) {}

  @Get('resolve')
  resolve(@Query('code') code: unknown, @Query('warehouse_id') warehouseId: unknown) {
    return this.resolver.execute(code, warehouseId);
  }
}
