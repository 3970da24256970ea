import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminAjaxController, MemberAjaxController } from './http/ajax.controller';
import { AreaEntity } from './persistence/area.entity';
import { AreaRepository } from './persistence/area.repository';
import { TableCatalog } from './persistence/table-catalog';
import { AreaService } from './area.service';
import { TableSchemaService } from './table-schema.service';

/** `ajax/area`, `ajax/buildSuffixSvg`, `ajax/getTablePk`, `ajax/getTableFieldList`, `ajax/clearCache`. */
@Module({
  imports: [TypeOrmModule.forFeature([AreaEntity])],
  controllers: [AdminAjaxController, MemberAjaxController],
  providers: [AreaRepository, AreaService, TableCatalog, TableSchemaService],
  exports: [TableCatalog],
})
export class AjaxModule {}
