import { Controller, Get, Query } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { AdvertSlot } from '../../../../contract/cms';
import { CrudController, parseId } from '../../../shared/crud';
import { Public } from '../../../shared/http/auth.decorators';
import { CountAdvertClickCommand } from '../commands/count-advert-click/count-advert-click.command';
import { CmsExtraCruds } from '../crud/extra.cruds';
import { CmsAdvertEntity, CmsAdvertPositionEntity } from '../persistence/cms.entities';
import { AdvertReader } from '../queries/advert/advert.reader';

/*
 * Adverts (module `adverts`): positions and adverts in the back office (`cms/advertPosition/*`,
 * `cms/advert/*`), and the site's reads: the adverts showing in a position, and a click.
 */

@Controller('admin/cms.AdvertPosition')
export class AdvertPositionController extends CrudController<CmsAdvertPositionEntity> {
  constructor(cruds: CmsExtraCruds) {
    super(cruds.advertPosition);
  }
}

@Controller('admin/cms.Advert')
export class AdvertController extends CrudController<CmsAdvertEntity> {
  constructor(cruds: CmsExtraCruds) {
    super(cruds.advert);
  }
}

@Controller('api/cms')
export class AdvertSiteController {
  constructor(
    private readonly adverts: AdvertReader,
    private readonly commands: CommandBus,
  ) {}

  @Public()
  @Get('adverts')
  position(@Query('position') position: unknown): Promise<AdvertSlot> {
    return this.adverts.position(typeof position === 'string' ? position.slice(0, 50) : '');
  }

  /** Counts one click of a showing advert and answers its link (the page then opens it). */
  @Public()
  @Get('advertClick')
  click(@Query('id') id: unknown): Promise<{ url: string }> {
    return this.commands.execute(new CountAdvertClickCommand(parseId(id)));
  }
}

/** The routes of the `adverts` module. */
export const ADVERT_CONTROLLERS = [AdvertPositionController, AdvertController, AdvertSiteController];
