import { Body, Controller, Get, Header, HttpCode, HttpStatus, Post, Query, Res } from '@nestjs/common';
import { Response } from 'express';
import { CacheRegistry, CacheType } from '../../../../shared/cache/cache-registry';
import { LoginOnly, Public } from '../../../../shared/http/auth.decorators';
import { Reply, reply } from '../../../../shared/http/reply';
import { AreaService } from '../area.service';
import { AreaOption } from '../domain/area-level';
import { buildSuffixIcon } from '../../upload/domain/suffix-icon';
import { TableFieldList, TablePk, TableSchemaService } from '../table-schema.service';
import { AreaQueryDto, ClearCacheDto, SuffixSvgQueryDto, TableFieldListQueryDto, TableQueryDto } from './dto/ajax.dto';

const code = (value: string | undefined) => (value === undefined ? undefined : Number(value));

/** Sends the icon through express, which adds an ETag and answers 304 to a revalidation. */
function sendSvg(response: Response, svg: string, cacheControl: string): void {
  response.setHeader('Cache-Control', cacheControl);
  response.setHeader('X-Content-Type-Options', 'nosniff');
  response.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  response.type('image/svg+xml').send(svg);
}

/**
 * The back office's ajax helpers: any signed-in admin, no rule.
 * `upload` is in upload.controller.ts.
 */
@Controller('admin/ajax')
export class AdminAjaxController {
  constructor(
    private readonly areas: AreaService,
    private readonly tables: TableSchemaService,
    private readonly caches: CacheRegistry,
  ) {}

  @LoginOnly()
  @Get('area')
  @Header('Cache-Control', 'private, max-age=3600')
  area(@Query() query: AreaQueryDto): Promise<AreaOption[]> {
    return this.areas.options(code(query.province), code(query.city));
  }

  @LoginOnly()
  @Get('buildSuffixSvg')
  buildSuffixSvg(@Query() query: SuffixSvgQueryDto, @Res() response: Response): void {
    sendSvg(response, buildSuffixIcon(query.suffix, query.background), 'private, max-age=604800');
  }

  @LoginOnly()
  @Get('getTablePk')
  getTablePk(@Query() query: TableQueryDto): TablePk {
    return this.tables.primaryKey(query.table);
  }

  @LoginOnly()
  @Get('getTableFieldList')
  getTableFieldList(@Query() query: TableFieldListQueryDto): Promise<TableFieldList> {
    return this.tables.fieldList(query.table, query.clean ?? true);
  }

  @LoginOnly()
  @Post('clearCache')
  @HttpCode(HttpStatus.OK)
  async clearCache(@Body() body: ClearCacheDto): Promise<Reply<{ types: CacheType[] }>> {
    const types = await this.caches.clear(body.type as CacheType | 'all' | 'tp');
    return reply({ types }, 'ajax.cache_cleared');
  }
}

/** The member side's public helpers: the same area lists and file icons, no sign-in needed. */
@Controller('api/ajax')
export class MemberAjaxController {
  constructor(private readonly areas: AreaService) {}

  @Public()
  @Get('area')
  @Header('Cache-Control', 'public, max-age=3600')
  area(@Query() query: AreaQueryDto): Promise<AreaOption[]> {
    return this.areas.options(code(query.province), code(query.city));
  }

  @Public()
  @Get('buildSuffixSvg')
  buildSuffixSvg(@Query() query: SuffixSvgQueryDto, @Res() response: Response): void {
    sendSvg(response, buildSuffixIcon(query.suffix, query.background), 'public, max-age=604800');
  }
}
