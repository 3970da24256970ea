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

  findAll(manager?: EntityManager): Promise<ConfigEntity[]> {
    return (manager ? manager.getRepository(ConfigEntity) : this.rows).find({ order: { weigh: 'DESC', id: 'ASC' } });
  }

  /** The names of the secret items (type `password`): masked wherever a request is recorded. */
  async findSecretNames(): Promise<string[]> {
    return (await this.rows.find({ where: { type: 'password' }, select: { name: true } })).map((row) => row.name);
  }

  async updateValues(manager: EntityManager, changes: Array<{ id: number; value: string }>): Promise<void> {
    for (const change of changes) await manager.update(ConfigEntity, { id: change.id }, { value: change.value });
  }

  async insert(manager: EntityManager, row: Omit<ConfigEntity, 'id'>): Promise<number> {
    const { identifiers } = await manager.insert(ConfigEntity, row);
    return Number(identifiers[0].id);
  }

  findByIds(manager: EntityManager, ids: number[]): Promise<ConfigEntity[]> {
    return ids.length ? manager.findBy(ConfigEntity, { id: In(ids) }) : Promise.resolve([]);
  }

  async deleteByIds(manager: EntityManager, ids: number[]): Promise<void> {
    if (ids.length) await manager.delete(ConfigEntity, { id: In(ids) });
  }
}
