import { Controller, Get, Global, Injectable, Module } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR, APP_PIPE } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import { getDataSourceToken, TypeOrmModule } from '@nestjs/typeorm';
import * as qs from 'qs';
import request from 'supertest';
import { DataSource, In, IsNull } from 'typeorm';
import { configureApp } from '../../app.setup';
import { TransactionRunner } from '../database/transaction-runner';
import { AppError } from '../http/app-error';
import { EnvelopeInterceptor } from '../http/envelope.interceptor';
import { EnvelopeExceptionFilter } from '../http/exception.filter';
import { i18nModule } from '../http/i18n';
import { createValidationPipe } from '../http/validation';
import { CrudContext, CrudDefinition } from './crud-definition';
import { CRUD_ENVIRONMENT, CrudEnvironment, CrudKit, CrudModule } from './crud-kit';
import { CrudController } from './crud.controller';
import { CrudService } from './crud.service';
import { openTestDatabase, TestChildEntity, TestParentEntity } from './testing/crud-test-database';

/* The HTTP side: routes, envelope, messages in both languages, qs arrays, and both ways to build a controller. */

const childCrud: CrudDefinition<TestChildEntity> = {
  entity: TestChildEntity,
  alias: 'child',
  writable: ['name', 'weigh', 'status', 'price', 'tags', 'parent_id'],
  hidden: ['secret'],
  quickSearchFields: ['name'],
  joins: { parent: { entity: TestParentEntity, on: 'parent_id', columns: ['name'] } },
  softDelete: true,
};

/** A definition and nothing else: the generic actions over a CrudService of it. */
@Controller('admin/test.Child')
class ChildController extends CrudController<TestChildEntity> {
  constructor(kit: CrudKit) {
    super(new CrudService(kit, childCrud));
  }
}

/** The extensible way: a service with an injected collaborator overriding a hook, and an extra action. */
@Injectable()
class ParentCrud extends CrudService<TestParentEntity> {
  constructor(kit: CrudKit) {
    super(kit, { entity: TestParentEntity, alias: 'parent', writable: ['name'], quickSearchFields: ['name'] });
  }

  protected async beforeDelete(rows: TestParentEntity[], { manager }: CrudContext): Promise<void> {
    const children = await manager.countBy(TestChildEntity, { parent_id: In(rows.map((row) => row.id)), deletetime: IsNull() });
    if (children) throw new AppError('crud.parent_in_use_for_test', { count: children });
  }
}

@Controller('admin/test.Parent')
class ParentController extends CrudController<TestParentEntity> {
  constructor(crud: ParentCrud) {
    super(crud);
  }

  @Get('count')
  async count(): Promise<{ total: number }> {
    return { total: (await this.crud.list({})).total };
  }
}

const environment: CrudEnvironment = { timeZone: () => 'Asia/Shanghai', remark: (path) => `remark:${path}` };

@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      useFactory: () => ({ type: 'better-sqlite3', database: ':memory:' }),
      dataSourceFactory: () => openTestDatabase('sqlite', ''),
    }),
  ],
  providers: [TransactionRunner, { provide: CRUD_ENVIRONMENT, useValue: environment }],
  exports: [TransactionRunner, CRUD_ENVIRONMENT],
})
class TestPlatformModule {}

@Module({
  imports: [i18nModule, TestPlatformModule, CrudModule],
  controllers: [ChildController, ParentController],
  providers: [
    ParentCrud,
    { provide: APP_FILTER, useClass: EnvelopeExceptionFilter },
    { provide: APP_INTERCEPTOR, useClass: EnvelopeInterceptor },
    { provide: APP_PIPE, useFactory: createValidationPipe },
  ],
})
class TestAppModule {}

describe('generic CRUD over HTTP', () => {
  let app: NestExpressApplication;
  let dataSource: DataSource;
  let acme: number;
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({ imports: [TestAppModule] }).compile();
    app = configureApp(moduleRef.createNestApplication<NestExpressApplication>({ logger: ['error', 'warn'] }));
    await app.init();
    dataSource = app.get(getDataSourceToken());
  });
  afterAll(() => app.close());
  beforeEach(async () => {
    await dataSource.getRepository(TestChildEntity).clear();
    await dataSource.getRepository(TestParentEntity).clear();
    acme = (await dataSource.getRepository(TestParentEntity).insert({ name: 'Acme' })).identifiers[0].id;
    await dataSource.getRepository(TestChildEntity).insert([
      { name: 'Apple', weigh: 1, parent_id: acme, secret: 'hash' },
      { name: 'Banana', weigh: 2, parent_id: acme },
    ]);
  });

  const ids = async () => (await dataSource.getRepository(TestChildEntity).find({ order: { id: 'ASC' } })).map((row) => row.id);

  describe('routing', () => {
    it('matches the controller and action segments case-insensitively', async () => {
      for (const path of ['/admin/test.Child/index', '/admin/test.child/index', '/admin/TEST.CHILD/INDEX', '/admin/Test.Child/Index']) {
        const res = await http().get(path);
        expect({ path, status: res.status, code: res.body.code }).toEqual({ path, status: 200, code: 1 });
      }
    });

    it('answers an unknown action with 404', async () => {
      expect((await http().get('/admin/test.Child/nothing')).status).toBe(404);
      expect((await http().get('/admin/test.Child/add')).status).toBe(404);
    });
  });

  describe('index', () => {
    it('answers {list, total, remark} in the envelope, names embedded, secrets left out', async () => {
      const res = await http().get('/admin/test.Child/index').query({ order: 'id,asc' });
      expect(res.body).toMatchObject({ code: 1, msg: '', data: { total: 2, remark: 'remark:test/child' } });
      expect(res.body.data.list[0]).toMatchObject({ name: 'Apple', parent: { id: acme, name: 'Acme' } });
      expect(res.body.data.list[0]).not.toHaveProperty('secret');
    });

    it('reads qs-style search arrays from the query string', async () => {
      const res = await http().get('/admin/test.Child/index?search[0][field]=name&search[0][val]=nan&search[0][operator]=LIKE');
      expect(res.body.data.list.map((row: { name: string }) => row.name)).toEqual(['Banana']);
    });

    it('answers a field outside the allow-list with code 0, a translated message and no SQL', async () => {
      const hostile = 'name); DROP TABLE crud_test_child;--';
      const query = { search: [{ field: hostile, operator: 'eq', val: '1' }] };
      const en = await http().get(`/admin/test.Child/index?${qs.stringify(query)}`).set('think-lang', 'en');
      expect(en.status).toBe(200);
      expect(en.body).toEqual({ code: 0, msg: `Unsupported search field: ${hostile}`, time: expect.any(Number), data: null });
      const zh = await http().get('/admin/test.Child/index').query({ order: 'id desc, (select 1)' });
      expect(zh.body).toMatchObject({ code: 0, msg: '不支持的排序字段：id desc' });
      for (const body of [JSON.stringify(en.body), JSON.stringify(zh.body)]) expect(body).not.toMatch(/SELECT|FROM|SQLITE|crud_test_child"|sqlite_/);
      expect(await dataSource.getRepository(TestChildEntity).count()).toBe(2);
    });
  });

  describe('edit (GET), add, edit (POST)', () => {
    it('answers {row}, or "Record not found"', async () => {
      const [apple] = await ids();
      expect((await http().get('/admin/test.Child/edit').query({ id: apple })).body.data.row).toMatchObject({ id: apple, name: 'Apple' });
      const missing = await http().get('/admin/test.Child/edit').set('think-lang', 'en').query({ id: apple + 100 });
      expect(missing.body).toMatchObject({ code: 0, msg: 'Record not found' });
    });

    it('adds and edits with the success messages of both languages', async () => {
      const added = await http().post('/admin/test.Child/add').set('think-lang', 'en').send({ name: 'Cherry', id: 77, createtime: 1 });
      expect(added.body).toMatchObject({ code: 1, msg: 'Added successfully', data: { name: 'Cherry' } });
      expect(added.body.data.id).not.toBe(77);
      expect(added.body.data.createtime).toBeGreaterThan(1);
      const addedZh = await http().post('/admin/test.Child/add').send({ name: 'Date' });
      expect(addedZh.body.msg).toBe('添加成功');

      const edited = await http().post('/admin/test.Child/edit').set('think-lang', 'en').send({ id: added.body.data.id, name: 'Cherry 2' });
      expect(edited.body).toMatchObject({ code: 1, msg: 'Update successful', data: { id: added.body.data.id, name: 'Cherry 2' } });
      expect((await http().post('/admin/test.Child/edit').send({ id: added.body.data.id, name: 'x' })).body.msg).toBe('更新成功');
    });

    it('answers "Parameter error" for an empty body', async () => {
      expect((await http().post('/admin/test.Child/add').set('think-lang', 'en').send({})).body).toMatchObject({ code: 0, msg: 'Parameter error' });
    });
  });

  describe('del', () => {
    it('deletes the ids[] of a DELETE request and answers {count}', async () => {
      const [apple, banana] = await ids();
      const res = await http().delete(`/admin/test.Child/del?ids[]=${apple}&ids[]=${banana}`).set('think-lang', 'en');
      expect(res.body).toMatchObject({ code: 1, msg: 'Deleted successfully', data: { count: 2 } });
      expect((await http().get('/admin/test.Child/index')).body.data.total).toBe(0);
    });

    it('accepts a thousand ids in one request', async () => {
      const values = Array.from({ length: 1000 }, (_, i) => ({ name: `bulk ${i}` }));
      await dataSource.createQueryBuilder().insert().into(TestChildEntity).values(values).updateEntity(false).execute();
      const query = (await ids()).map((id) => `ids[]=${id}`).join('&');
      const res = await http().delete(`/admin/test.Child/del?${query}`);
      expect(res.body).toMatchObject({ code: 1, data: { count: 1002 } });
    });

    it('answers "Parameter error" to other methods and to a request without ids', async () => {
      const [apple] = await ids();
      for (const call of [
        http().get(`/admin/test.Child/del?ids[]=${apple}`),
        http().post(`/admin/test.Child/del?ids[]=${apple}`),
        http().delete('/admin/test.Child/del'),
        http().delete('/admin/test.Child/del?ids[]=abc'),
      ]) {
        const res = await call.set('think-lang', 'en');
        expect(res.body).toMatchObject({ code: 0, msg: 'Parameter error' });
      }
      expect(await ids()).toHaveLength(2);
    });

    it('answers "No rows were deleted" when nothing matched', async () => {
      const res = await http().delete('/admin/test.Child/del?ids[]=9999').set('think-lang', 'en');
      expect(res.body).toMatchObject({ code: 0, msg: 'No rows were deleted' });
    });
  });

  describe('sortable', () => {
    it('swaps two weights, and refuses equal ones with the translated message', async () => {
      const [apple, banana] = await ids();
      expect((await http().post('/admin/test.Child/sortable').send({ id: apple, targetId: banana })).body).toMatchObject({ code: 1, data: null });
      expect((await http().get('/admin/test.Child/index')).body.data.list.map((row: { name: string }) => row.name)).toEqual(['Apple', 'Banana']);
      await dataSource.getRepository(TestChildEntity).update({ id: In([apple, banana]) }, { weigh: 3 });
      const res = await http().post('/admin/test.Child/sortable').set('think-lang', 'en').send({ id: apple, targetId: banana });
      expect(res.body).toMatchObject({ code: 0, msg: 'Invalid collation because the weights of the two targets are equal' });
    });
  });

  describe('a controller over a custom service', () => {
    it('inherits the generic routes, adds its own, and lets the service refuse a deletion', async () => {
      expect((await http().get('/admin/test.parent/index')).body.data).toMatchObject({ total: 1, remark: 'remark:test/parent' });
      expect((await http().get('/admin/test.Parent/count')).body.data).toEqual({ total: 1 });
      const refused = await http().delete(`/admin/test.Parent/del?ids[]=${acme}`);
      expect(refused.body).toMatchObject({ code: 0 });
      expect(await dataSource.getRepository(TestParentEntity).count()).toBe(1);
      await dataSource.getRepository(TestChildEntity).clear();
      expect((await http().delete(`/admin/test.Parent/del?ids[]=${acme}`)).body).toMatchObject({ code: 1, data: { count: 1 } });
    });
  });
});
