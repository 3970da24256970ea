import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { ConfigEntity } from './config.entity';

@Injectable()
export class ConfigRepository {
  constructor(@InjectRepository(ConfigEntity) private readonly rows: Repository<ConfigEntity>) {}

  findByName(name: string): Promise<ConfigEntity | null> {
    return this.rows.findOneBy({ name });
  }

  findByNames(names: string[]): Promise<ConfigEntity[]> {
    return names.length ? this.rows.findBy({ name: In(names) }) : Promise.resolve([]);
  }

  findByGroup(group: string): Promise<ConfigEntity[]> {
    return this.rows.find({ where: { group }, order: { weigh: 'DESC', id: 'ASC' } });
  }

  findAll(): Promise<ConfigEntity[]> {
    return this.rows.find({ order: { weigh: 'DESC', id: 'ASC' } });
  }
}
