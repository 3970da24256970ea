import { Controller, Get, Query, Res, Type } from '@nestjs/common';
import { Response } from 'express';
import { AuthAdmin, CurrentAdmin } from '../../../shared/http/auth.decorators';
import { OrderKind } from '../persistence/order-kinds';
import { OrderDocumentReader } from '../queries/order-document/order-document.reader';

/**
 * `GET print` of each order type, on the order controller's own path so the guard checks
 * `wms/<type>/print` (a controller of its own keeps the order controllers' transitions untouched).
 */
function printController(kind: OrderKind, path: string): Type<unknown> {
  @Controller(path)
  class OrderPrintController {
    constructor(readonly printer: OrderDocumentReader) {}

    @Get('print')
    async print(@Query() query: Record<string, unknown>, @CurrentAdmin() admin: AuthAdmin | undefined, @Res() response: Response): Promise<void> {
      await this.printer.execute(kind, query, admin, response);
    }
  }
  Object.defineProperty(OrderPrintController, 'name', { value: `${kind[0].toUpperCase()}${kind.slice(1)}PrintController` });
  return OrderPrintController;
}

export const ORDER_PRINT_CONTROLLERS = [printController('inbound', 'admin/wms.inbound'), printController('outbound', 'admin/wms.outbound'), printController('relocation', 'admin/wms.relocation'), printController('adjustment', 'admin/wms.adjustment'), printController('return', 'admin/wms.return')];
