import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThan, Repository } from 'typeorm';
import { CaptchaEntity } from './captcha.entity';

export interface CaptchaRow {
  key: string;
  data: string;
  createtime: number;
  expiretime: number;
}

@Injectable()
export class CaptchaRepository {
  constructor(@InjectRepository(CaptchaEntity) private readonly rows: Repository<CaptchaEntity>) {}

  /** Inserts, or replaces the captcha already stored under the same key (one statement, race-free). */
  async put(row: CaptchaRow): Promise<void> {
    await this.rows.upsert(row, { conflictPaths: ['key'] });
  }

  async find(key: string): Promise<CaptchaRow | null> {
    const row = await this.rows.findOneBy({ key });
    return row ? { key: row.key, data: row.data, createtime: Number(row.createtime ?? 0), expiretime: Number(row.expiretime ?? 0) } : null;
  }

  /** Deletes the row; true only for the caller whose statement removed it (so a captcha is consumed once). */
  async delete(key: string): Promise<boolean> {
    const result = await this.rows.delete({ key });
    return (result.affected ?? 0) > 0;
  }

  async purgeExpired(now: number): Promise<void> {
    await this.rows.delete({ expiretime: LessThan(now) });
  }
}
