import { Controller, Get, Query, Res } from '@nestjs/common';
import { Response } from 'express';
import { LabelService } from '../labels/label.service';

/*
 * `GET labels` of products and shelves, beside their CRUD actions on the same controller paths: the guard
 * checks `wms/product/labels` and `wms/shelf/labels`.
 */

@Controller('admin/wms.Product')
export class ProductLabelController {
  constructor(private readonly labels: LabelService) {}

  @Get('labels')
  async labelsOf(@Query() query: Record<string, unknown>, @Res() response: Response): Promise<void> {
    await this.labels.send('product', query, response);
  }
}

@Controller('admin/wms.Shelf')
export class ShelfLabelController {
  constructor(private readonly labels: LabelService) {}

  @Get('labels')
  async labelsOf(@Query() query: Record<string, unknown>, @Res() response: Response): Promise<void> {
    await this.labels.send('shelf', query, response);
  }
}
