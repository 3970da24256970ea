import { Body, Controller, Get, Post, Req } from '@nestjs/common';
import { parseId } from '../../../../shared/crud';
import { AuthenticatedRequest } from '../../../../shared/http/auth.decorators';
import { Reply, reply } from '../../../../shared/http/reply';
import { CrudGeneratorService, GenerateInput } from '../crud-generator.service';

/**
 * `/admin/crud.Crud`: the CRUD generator (node `crud/crud/<action>`; and only with CRUD_GENERATOR=1, for
 * super administrators). The design is checked field by field in domain/crud-design.ts, so the body is
 * taken as it comes (bounded by the JSON body limits) and never used unchecked.
 */
@Controller('admin/crud.Crud')
export class CrudGeneratorController {
  constructor(private readonly generator: CrudGeneratorService) {}

  @Get('index')
  index(@Req() request: AuthenticatedRequest) {
    return this.generator.list(request.admin);
  }

  @Post('generate')
  async generate(@Body() body: GenerateInput, @Req() request: AuthenticatedRequest): Promise<Reply<unknown>> {
    const result = await this.generator.generate(body ?? {}, request.admin);
    return reply(result, result.id ? 'generator.generated' : 'generator.previewed');
  }

  @Post('remove')
  async remove(@Body() body: { id?: unknown }, @Req() request: AuthenticatedRequest): Promise<Reply<unknown>> {
    return reply(await this.generator.remove(parseId(body?.id), request.admin), 'generator.removed');
  }
}
