import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { AreaLevel } from '../domain/area-level';
import { AreaEntity } from './area.entity';

@Injectable()
export class AreaRepository {
  constructor(@InjectRepository(AreaEntity) private readonly rows: Repository<AreaEntity>) {}

  /** The divisions of one level under one parent, by code (served by the pid index). */
  children(level: AreaLevel, pid: number): Promise<Array<Pick<AreaEntity, 'id' | 'name'>>> {
    return this.rows.find({ select: { id: true, name: true }, where: { pid, level }, order: { id: 'ASC' } });
  }

  findById(id: number): Promise<AreaEntity | null> {
    return this.rows.findOneBy({ id });
  }
}
