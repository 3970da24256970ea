import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { TerminalSettingEntity } from './terminal-setting.entity';

@Injectable()
export class TerminalSettingsRepository {
  constructor(@InjectRepository(TerminalSettingEntity) private readonly rows: Repository<TerminalSettingEntity>) {}

  async read(names: string[]): Promise<Record<string, string>> {
    const rows = await this.rows.findBy({ name: In(names) });
    return Object.fromEntries(rows.map((row) => [row.name, row.value]));
  }

  /** Inserts or replaces each value by name, in one statement (ON CONFLICT / ON DUPLICATE KEY on the unique name). */
  async write(values: Record<string, string>, now: number): Promise<void> {
    const rows = Object.entries(values).map(([name, value]) => ({ name, value, updatetime: now }));
    if (rows.length) await this.rows.upsert(rows, { conflictPaths: ['name'], skipUpdateIfNoValuesChanged: false });
  }
}
