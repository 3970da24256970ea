import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, In, Repository } from 'typeorm';
import { ConfigEntity } from './config.entity';

@Injectable()
export class ConfigRepository {
  constructor(@InjectRepository(ConfigEntity) private readonly rows: Repository<ConfigEntity>) {}

  /** Inside a unit of work, pass its manager: a second pooled connection could wait on locks the first holds. */
  findByName(name: string, manager?: EntityManager): Promise<ConfigEntity | null> {
    return (manager ? manager.getRepository(ConfigEntity) : this.rows).findOneBy({ name });
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
