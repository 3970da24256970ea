import { Body, Controller, Get, Post, Query, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Response } from 'express';
import { CrudKit, CrudService } from '../../../shared/crud';
import { reply } from '../../../shared/http/reply';
import { Transition, TransitionContext } from '../../../shared/transitions';
import { AddPackageCommand } from '../commands/add-package/add-package.command';
import { ClosePackageCommand } from '../commands/close-package/close-package.command';
import { PackPackageCommand } from '../commands/pack-package/pack-package.command';
import { PACKAGE_LIST } from '../crud/order-lists.crud';
import { PackageEntity } from '../persistence/order.entities';
import { PackageLabelReader } from '../queries/package-label/package-label.reader';
import { PackStationReader } from '../queries/pack-station/pack-station.reader';
import { ClosePackageDto, PackageDto, PackDto } from './dto/directed.dto';

/** Packages of picked outbound orders: list, the pack station's orders, open, pack and unpack by scan, close, print the label. */
@Controller('admin/wms.package')
export class PackageController {
  private readonly list: CrudService<PackageEntity>;

  constructor(
    kit: CrudKit,
    private readonly commands: CommandBus,
    private readonly labels: PackageLabelReader,
    private readonly station: PackStationReader,
  ) {
    this.list = new CrudService(kit, PACKAGE_LIST);
  }

  @Get('index')
  index(@Query() query: Record<string, unknown>) {
    return this.list.list(query, { controllerPath: 'wms/package' });
  }

  /** The orders waiting at the pack station: picked (or packed) and not shipped, the newest first. */
  @Get('orders')
  async orders() {
    return { list: await this.station.waiting() };
  }

  /** One order to pack, by its number (typed or scanned) or id: its lines and packages. */
  @Get('order')
  async order(@Query('code') code: unknown) {
    return { row: await this.station.order(code) };
  }

  @Post('add') async add(@Body() body: PackageDto, @Transition() context: TransitionContext) {
    return reply(await this.commands.execute(new AddPackageCommand({ outbound_id: body.outbound_id, type: body.type }, context)), 'orders.package_opened');
  }

  @Post('pack') async pack(@Body() body: PackDto, @Transition() context: TransitionContext) {
    return reply(await this.commands.execute(new PackPackageCommand(body.package_id, { code: body.code, quantity: body.quantity }, 'pack', context)), 'orders.package_packed');
  }

  @Post('unpack') async unpack(@Body() body: PackDto, @Transition() context: TransitionContext) {
    return reply(await this.commands.execute(new PackPackageCommand(body.package_id, { code: body.code, quantity: body.quantity }, 'unpack', context)), 'orders.package_unpacked');
  }

  @Post('close') async close(@Body() body: ClosePackageDto, @Transition() context: TransitionContext) {
    return reply(await this.commands.execute(new ClosePackageCommand(body.package_id, body.weight, context)), 'orders.package_closed_done');
  }

  @Get('label')
  async label(@Query() query: Record<string, unknown>, @Res() response: Response): Promise<void> {
    await this.labels.execute(query, response);
  }
}
