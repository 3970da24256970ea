import { Controller, Get, Query } from '@nestjs/common';
import { GetDashboardService } from '../queries/get-dashboard/get-dashboard.service';

/** The back-office landing page's figures (`dashboard/index`); `year` picks the charts' year. */
@Controller('admin/dashboard')
export class DashboardController {
  constructor(private readonly dashboard: GetDashboardService) {}

  @Get('index')
  index(@Query('year') year?: string) {
    return this.dashboard.execute({ year });
  }
}
