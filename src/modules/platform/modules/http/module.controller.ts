import { Body, CallHandler, Controller, ExecutionContext, Get, HttpException, Injectable, NestInterceptor, Post, Req, Type, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { IsString, Matches, MaxLength } from 'class-validator';
import { Observable } from 'rxjs';
import { AppError } from '../../../../shared/http/app-error';
import { AuthenticatedRequest } from '../../../../shared/http/auth.decorators';
import { msg } from '../../../../shared/http/validation';
import { Reply, reply } from '../../../../shared/http/reply';
import { PACKAGE_MAX_BYTES } from '../domain/module-package';
import { ModuleManagementService, ModuleRow } from '../module-management.service';

export class ModuleNameDto {
  @IsString()
  @MaxLength(30)
  @Matches(/^[a-z][a-z0-9_]{1,29}$/, { message: msg('module.name_invalid') })
  name!: string;
}

/** Reads the multipart field `file` into memory (multer's default storage), at most one package's size; multer's refusals become the module messages. */
@Injectable()
export class ModulePackageInterceptor implements NestInterceptor {
  private readonly inner: NestInterceptor;

  constructor() {
    const Multer = FileInterceptor('file', { limits: { fileSize: PACKAGE_MAX_BYTES, files: 1, fields: 5, parts: 6 } }) as Type<NestInterceptor>;
    this.inner = new Multer();
  }

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    try {
      return await this.inner.intercept(context, next);
    } catch (error) {
      if (error instanceof HttpException) throw new AppError(error.getStatus() === 413 ? 'module.package_too_large' : 'module.package_unreadable');
      throw error;
    }
  }
}

/** `/admin/module.Module`: the modules, their states, and installing a signed package (node `module/module/<action>`). */
@Controller('admin/module.Module')
export class ModuleController {
  constructor(private readonly modules: ModuleManagementService) {}

  @Get('index')
  index() {
    return this.modules.list();
  }

  @Post('enable')
  async enable(@Body() body: ModuleNameDto): Promise<Reply<ModuleRow>> {
    return reply(await this.modules.setState(body.name, 1), 'module.enabled');
  }

  @Post('disable')
  async disable(@Body() body: ModuleNameDto): Promise<Reply<ModuleRow>> {
    return reply(await this.modules.setState(body.name, 0), 'module.disabled');
  }

  @Post('install')
  @UseInterceptors(ModulePackageInterceptor)
  async install(@UploadedFile() file: { buffer?: Buffer } | undefined, @Req() request: AuthenticatedRequest): Promise<Reply<ModuleRow>> {
    if (!file?.buffer?.length) throw new AppError('module.package_missing');
    return reply(await this.modules.install(file.buffer, request.admin?.id ?? 0), 'module.installed');
  }
}
