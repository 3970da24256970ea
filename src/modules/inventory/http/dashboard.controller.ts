import { Controller, Get, Query } from '@nestjs/common';
import { DashboardReader } from '../queries/dashboard/dashboard.reader';

/** The back-office landing page's figures (`dashboard/index`); `year` picks the charts' year. */
@Controller('admin/dashboard')
export class DashboardController {
  constructor(private readonly dashboard: DashboardReader) {}

  @Get('index')
  index(@Query('year') year?: string) {
    return this.dashboard.execute({ year });
  }
}
