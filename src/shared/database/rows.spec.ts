import { Column, DataSource, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { dataSourceOptions } from '../../../ormconfig';
import { moneyTransformer } from './money';
import { checkRowShapes, rowShape, rowShapeMismatches } from './rows';

@Entity('row_shape_test')
class RowShapeTestEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column() name: string;
  @Column({ type: 'int', nullable: true }) counted: number | null;
  @Column({ type: 'decimal', precision: 14, scale: 2, transformer: moneyTransformer }) price: string;
  @Column({ type: 'text', nullable: true }) tags: string | null;
}

interface TestRow {
  id: number;
  name: string;
  counted: number | null;
  price: string;
  tags: string[];
}

describe('row shapes: one typed mapper for raw reads, checked against the entities', () => {
  let source: DataSource;
  beforeAll(async () => {
    source = await new DataSource({ ...dataSourceOptions({ kind: 'sqlite', database: ':memory:' }), entities: [RowShapeTestEntity], migrations: [], synchronize: true }).initialize();
  });
  afterAll(() => source.destroy());

  const good = () => rowShape<TestRow>(RowShapeTestEntity, { id: 'int', name: 'string', counted: 'int?', price: 'money', tags: { kind: 'string?', read: (v) => (v ? String(v).split(',') : []) } });

  it('given a row as MySQL answers it (numbers and DECIMAL as strings), when mapped, then typed as the entity says', () => {
    expect(good().map({ id: '7', name: 'Shelf', counted: null, price: '12.5', tags: 'a,b', extra: 'left out' })).toEqual({ id: 7, name: 'Shelf', counted: null, price: '12.50', tags: ['a', 'b'] });
    expect(good().map({ id: 7, name: 'Shelf', counted: '3', price: 3, tags: null })).toEqual({ id: 7, name: 'Shelf', counted: 3, price: '3.00', tags: [] });
    expect(() => good().map({ id: 1 })).toThrow(/holds no column name/);
  });

  it('given the shape and the entity agree, when checked, then nothing to say', () => {
    expect(rowShapeMismatches(good(), source.getMetadata(RowShapeTestEntity))).toEqual([]);
    expect(() => checkRowShapes(source, [good()])).not.toThrow();
  });

  it('given a column missing, another kind, another nullability or a column the entity lacks, when checked at start-up, then it fails naming each', () => {
    const wrong = rowShape<Omit<TestRow, 'tags'> & { ghost: number }>(RowShapeTestEntity, { id: 'int', name: 'string?', counted: 'int', price: 'int', ghost: 'int' });
    expect(rowShapeMismatches(wrong, source.getMetadata(RowShapeTestEntity))).toEqual([
      'row_shape_test.name is string in RowShapeTestEntity, string? in its row shape',
      'row_shape_test.counted is int (nullable) in RowShapeTestEntity, int in its row shape',
      'row_shape_test.price is money in RowShapeTestEntity, int in its row shape',
      'row_shape_test.tags is a column of RowShapeTestEntity but not in its row shape',
      'row_shape_test.ghost is in its row shape but not a column of RowShapeTestEntity',
    ]);
    expect(() => checkRowShapes(source, [good(), wrong])).toThrow(/row shapes disagree with the entities:\n.*name is string/);
  });
});
