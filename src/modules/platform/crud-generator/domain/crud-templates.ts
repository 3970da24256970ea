import type { CrudFieldDesign } from '../../../../../contract/modules';
import { CrudDesign, RELATION_TARGETS } from './crud-design';

/**
 * What the CRUD generator writes, as text from a checked design (crud-design.ts): pure functions, so a spec
 * can read every file without writing one. Texts from the design enter the code only through `q` (a JSON
 * string literal); identifiers are the design's checked snake / camel / Pascal names.
 */
export interface PlannedFile {
  /** relative to the project root, `/`-separated */
  path: string;
  content: string;
}

/** A module path in an import line of generated code (written so, the template's own imports stay apart from the code it writes). */
const mod = (path: string) => `'${path}'`;

/** A JSON string literal: the only way a text of the design enters generated code. */
const q = (text: string) => JSON.stringify(text);

export const GENERATED_INDEX = 'src/modules/generated/generated-index.ts';
export const MIGRATIONS_INDEX = 'migrations/index.ts';
const IMPORTS_MARK = '// crud-generator:imports';
const AREAS_MARK = '// crud-generator:areas';

export function migrationName(design: CrudDesign, timestamp: number): { file: string; className: string } {
  return { file: `${timestamp}-generated-${design.kebab}`, className: `Generated${design.pascal}${timestamp}` };
}

/** Every new file of a generation. */
export function plannedFiles(design: CrudDesign, timestamp: number): PlannedFile[] {
  const dir = `src/modules/generated/${design.kebab}`;
  const { file } = migrationName(design, timestamp);
  return [
    { path: `migrations/${file}.ts`, content: migrationFile(design, timestamp) },
    { path: `${dir}/${design.kebab}.entity.ts`, content: entityFile(design) },
    { path: `${dir}/${design.kebab}.crud.ts`, content: crudFile(design) },
    { path: `${dir}/${design.kebab}.controller.ts`, content: controllerFile(design) },
    { path: `${dir}/index.ts`, content: areaFile(design) },
    { path: `web/src/pages/admin/generated/${design.camel}/index.tsx`, content: pageFile(design) },
    { path: `web/src/lang/en/pages/generated/${design.camel}.json`, content: langFile(design, 'en') },
    { path: `web/src/lang/zh-cn/pages/generated/${design.camel}.json`, content: langFile(design, 'zh-cn') },
    { path: `test/generated/${design.kebab}.e2e-spec.ts`, content: specFile(design) },
  ];
}

/* The two files a generation changes: a line added after a marker or before the list's end. ------------- */

export function addToGeneratedIndex(source: string, design: CrudDesign): string {
  return source
    .replace(IMPORTS_MARK, `${IMPORTS_MARK}\n${generatedIndexLines(design).importLine}`)
    .replace(AREAS_MARK, `${AREAS_MARK}\n${generatedIndexLines(design).areaLine}`);
}

export function removeFromGeneratedIndex(source: string, design: CrudDesign): string {
  const { importLine, areaLine } = generatedIndexLines(design);
  return withoutLines(source, [importLine, areaLine]);
}

function generatedIndexLines(design: CrudDesign) {
  return { importLine: `import { ${design.camel}Area } from ${mod(`./${design.kebab}`)};`, areaLine: `  ${design.camel}Area,` };
}

export function addToMigrationsIndex(source: string, design: CrudDesign, timestamp: number): string {
  const { importLine, entryLine } = migrationIndexLines(design, timestamp);
  const lines = source.split('\n');
  const lastImport = lines.reduce((last, line, i) => (line.startsWith('import ') ? i : last), -1);
  lines.splice(lastImport + 1, 0, importLine);
  const end = lines.lastIndexOf('];');
  lines.splice(end, 0, entryLine);
  return lines.join('\n');
}

export function removeFromMigrationsIndex(source: string, design: CrudDesign, timestamp: number): string {
  const { importLine, entryLine } = migrationIndexLines(design, timestamp);
  return withoutLines(source, [importLine, entryLine]);
}

function migrationIndexLines(design: CrudDesign, timestamp: number) {
  const { file, className } = migrationName(design, timestamp);
  return { importLine: `import { ${className} } from ${mod(`./${file}`)};`, entryLine: `  ${className},` };
}

function withoutLines(source: string, lines: string[]): string {
  const drop = new Set(lines);
  return source
    .split('\n')
    .filter((line) => !drop.has(line))
    .join('\n');
}

/* Server ------------------------------------------------------------------------------------------------- */

function columnOf(field: CrudFieldDesign): string {
  switch (field.type) {
    case 'string':
    case 'image':
      return `col.varchar(${q(field.name)}, 255)`;
    case 'text':
      return `col.text(${q(field.name)})`;
    case 'int':
      return `col.int(${q(field.name)})`;
    case 'decimal':
      return `col.money(${q(field.name)})`;
    case 'switch':
      return `col.tinyint(${q(field.name)}, 0)`;
    case 'select':
      return `col.tinyint(${q(field.name)}, ${firstOption(field)})`;
    case 'datetime':
      return `col.time(${q(field.name)})`;
    case 'relation':
      return `col.ref(${q(field.name)})`;
  }
}

const firstOption = (field: CrudFieldDesign) => Number(Object.keys(field.options ?? { 0: '' })[0]);

function migrationFile(design: CrudDesign, timestamp: number): string {
  const { className } = migrationName(design, timestamp);
  const page = `{ name: ${q(`generated/${design.camel}`)}, title: ${q(design.title)}, title_en: ${q(design.title)}, icon: 'IconFile', buttons: ['index', 'add', 'edit', 'del'], weigh: 0 }`;
  const create = design.existing
    ? `    // the table existed before this generation: only its page and menu rule are added\n`
    : `    await queryRunner.createTable(
      new Table({
        name: ${q(design.table)},
        columns: [col.id(), ${design.fields.map(columnOf).join(', ')}, ...col.timestamps()],
      }),
    );
`;
  const drop = design.existing ? '' : `    await queryRunner.dropTable(${q(design.table)});\n`;
  return `import { MigrationInterface, QueryRunner${design.existing ? '' : ', Table'} } from ${mod('typeorm')};
${design.existing ? '' : `import { col } from ${mod('./columns')};\n`}import { LIST_BUTTONS, menuRuleNames, revokeEmptyFolders, revokeRules, seedMenuRules, seedRule } from ${mod('./menu-rules')};

const PAGES = [${page}] as const;

/** Written by the CRUD generator: the table ${q(design.table)} and its page's menu rule (a fresh database gets the rule from the seed). */
export class ${className} implements MigrationInterface {
  name = ${q(className)};

  async up(queryRunner: QueryRunner): Promise<void> {
${create}    const [seeded]: Array<{ id: number | string }> = await queryRunner.query('SELECT id FROM admin_rule WHERE name = ?', ['routine']);
    if (!seeded) return;
    const now = Math.floor(Date.now() / 1000);
    const folder = await seedRule(queryRunner, { pid: 0, type: 'menu_dir', name: 'generated', title: '生成的页面', title_en: 'Generated pages', icon: 'IconCode', weigh: 0 }, now);
    await seedMenuRules(queryRunner, folder, PAGES, LIST_BUTTONS, { now });
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await revokeRules(queryRunner, menuRuleNames(PAGES));
    await revokeEmptyFolders(queryRunner, ['generated']);
${drop}  }
}
`;
}

function entityProperty(field: CrudFieldDesign): string {
  switch (field.type) {
    case 'string':
    case 'image':
      return `@Column({ default: '' }) ${field.name}: string;`;
    case 'text':
      return `@Column({ type: 'text', nullable: true }) ${field.name}: string | null;`;
    case 'int':
      return `@Column({ type: 'int', default: 0 }) ${field.name}: number;`;
    case 'decimal':
      return `@Column({ type: 'decimal', precision: 14, scale: 2, default: '0.00' }) ${field.name}: string;`;
    case 'switch':
    case 'select':
      return `@Column({ type: 'tinyint', default: ${field.type === 'select' ? firstOption(field) : 0} }) ${field.name}: number;`;
    case 'datetime':
      return `@Column({ type: 'int', nullable: true }) ${field.name}: number | null;`;
    case 'relation':
      return `@Column({ type: 'int', default: 0 }) ${field.name}: number;`;
  }
}

function entityFile(design: CrudDesign): string {
  return `import { Column, Entity, PrimaryGeneratedColumn } from ${mod('typeorm')};

/** ${design.table}: written by the CRUD generator. */
@Entity(${q(design.table)})
export class ${design.pascal}Entity {
  @PrimaryGeneratedColumn() id: number;
${design.fields.map((f) => `  ${entityProperty(f)}`).join('\n')}
  @Column({ type: 'int', nullable: true }) createtime: number | null;
  @Column({ type: 'int', nullable: true }) updatetime: number | null;
}
`;
}

function dtoDecorator(field: CrudFieldDesign): { decorator: string; helper: string } {
  switch (field.type) {
    case 'string':
    case 'image':
      return field.required ? { decorator: 'RequiredText(mode, 255)', helper: 'RequiredText' } : { decorator: 'OptionalText(255)', helper: 'OptionalText' };
    case 'text':
      return field.required ? { decorator: 'RequiredText(mode, 65535)', helper: 'RequiredText' } : { decorator: 'OptionalText(65535)', helper: 'OptionalText' };
    case 'int':
      return field.required ? { decorator: 'RequiredInt(mode)', helper: 'RequiredInt' } : { decorator: 'OptionalInt()', helper: 'OptionalInt' };
    case 'decimal':
      return { decorator: 'Money()', helper: 'Money' };
    case 'switch':
      return { decorator: 'Enumeration([0, 1])', helper: 'Enumeration' };
    case 'select':
      return { decorator: `Enumeration([${Object.keys(field.options ?? {}).join(', ')}])`, helper: 'Enumeration' };
    case 'datetime':
      return field.required ? { decorator: 'RequiredInt(mode, 0, 4294967295)', helper: 'RequiredInt' } : { decorator: 'OptionalInt(0, 4294967295)', helper: 'OptionalInt' };
    case 'relation':
      return field.required ? { decorator: 'RequiredRef(mode)', helper: 'RequiredRef' } : { decorator: 'OptionalRef()', helper: 'OptionalRef' };
  }
}

const propertyType = (field: CrudFieldDesign) => (['int', 'switch', 'select', 'datetime', 'relation'].includes(field.type) ? 'number' : 'string');

function crudFile(design: CrudDesign): string {
  const writable = design.fields.filter((f) => f.form !== 'none');
  const decorators = writable.map((f) => ({ field: f, ...dtoDecorator(f) }));
  const helpers = [...new Set(['FormMode', ...decorators.map((d) => d.helper)])].sort();
  const usesMode = decorators.some((d) => d.decorator.includes('mode'));
  const searchable = design.fields.filter((f) => f.search).map((f) => f.name);
  const quick = design.fields.filter((f) => f.search && (f.type === 'string' || f.type === 'text')).map((f) => f.name);
  const list = (names: string[]) => names.map(q).join(', ');
  return `import { CrudDefinition } from ${mod('../../../shared/crud')};
import { ${helpers.join(', ')} } from ${mod('../../../shared/http/form-fields')};
import { ${design.pascal}Entity } from ${mod(`./${design.kebab}.entity`)};

/* ${design.table}: the list and its form, written by the CRUD generator. */

function ${design.camel}Form(${usesMode ? 'mode' : '_mode'}: FormMode) {
  class ${design.pascal}Form {
${decorators.map((d) => `    @${d.decorator} ${d.field.name}${d.field.required && d.decorator.includes('mode') ? '' : '?'}: ${propertyType(d.field)};`).join('\n')}
  }
  return ${design.pascal}Form;
}

export const ${design.camel}Crud: CrudDefinition<${design.pascal}Entity> = {
  entity: ${design.pascal}Entity,
  alias: ${q(design.table)},
  writable: [${list(writable.map((f) => f.name))}],
  searchFields: [${list(['id', ...searchable, 'createtime', 'updatetime'])}],
  quickSearchFields: [${list(['id', ...quick])}],
  validation: { add: ${design.camel}Form('add'), edit: ${design.camel}Form('edit') },
};
`;
}

function controllerFile(design: CrudDesign): string {
  return `import { Controller } from ${mod('@nestjs/common')};
import { CrudController, CrudKit, CrudService } from ${mod('../../../shared/crud')};
import { ${design.camel}Crud } from ${mod(`./${design.kebab}.crud`)};
import { ${design.pascal}Entity } from ${mod(`./${design.kebab}.entity`)};

/** /admin/generated.${design.pascal}: the generic CRUD actions (node \`generated/${design.camel}/<action>\`). */
@Controller(${q(`admin/generated.${design.pascal}`)})
export class ${design.pascal}Controller extends CrudController<${design.pascal}Entity> {
  constructor(kit: CrudKit) {
    super(new CrudService(kit, ${design.camel}Crud));
  }
}
`;
}

function areaFile(design: CrudDesign): string {
  return `import type { GeneratedArea } from ${mod('../generated-area')};
import { ${design.pascal}Controller } from ${mod(`./${design.kebab}.controller`)};
import { ${design.pascal}Entity } from ${mod(`./${design.kebab}.entity`)};

export const ${design.camel}Area: GeneratedArea = {
  entity: ${design.pascal}Entity,
  controller: ${design.pascal}Controller,
  page: { name: ${q(`generated/${design.camel}`)}, title: ${q(design.title)}, title_en: ${q(design.title)} },
};
`;
}

/* Web ---------------------------------------------------------------------------------------------------- */

function columnLine(design: CrudDesign, field: CrudFieldDesign): string {
  const label = q(`generated.${design.camel}.${field.name}`);
  const base = `prop: ${q(field.name)}, label: ${label}`;
  const operator = field.search ? (field.type === 'string' || field.type === 'text' ? `operator: 'LIKE'` : `operator: '='`) : 'operator: false';
  const hidden = field.list ? '' : ', hidden: true';
  switch (field.type) {
    case 'image':
      return `{ ${base}, render: 'image', width: 90, ${operator}${hidden} }`;
    case 'switch':
      return `{ ${base}, render: 'tag', width: 100, options: SWITCH_OPTIONS, ${operator}${hidden} }`;
    case 'select':
      return `{ ${base}, render: 'tag', width: 120, options: ${field.name.toUpperCase()}_OPTIONS, ${operator}${hidden} }`;
    case 'datetime':
      return `{ ${base}, render: 'datetime', width: 170, sortable: true, ${field.search ? "operator: 'RANGE'" : 'operator: false'}${hidden} }`;
    case 'int':
    case 'decimal':
    case 'relation':
      return `{ ${base}, width: 110, sortable: true, ${operator}${hidden} }`;
    default:
      return `{ ${base}, minWidth: 160, ellipsis: true, ${operator}${hidden} }`;
  }
}

function fieldLine(design: CrudDesign, field: CrudFieldDesign): string | null {
  if (field.form === 'none') return null;
  const label = q(`generated.${design.camel}.${field.name}`);
  const rules: string[] = field.required ? ["'required'"] : [];
  if (field.type === 'string' || field.type === 'image') rules.push('maxLengthRule(255)');
  if (field.type === 'int') rules.push("'integer'");
  if (field.type === 'decimal') rules.push("'money'");
  const base = `prop: ${q(field.name)}, label: ${label}${rules.length ? `, rules: [${rules.join(', ')}]` : ''}`;
  switch (field.form) {
    case 'input':
    case 'textarea':
      return `{ ${base}, type: ${q(field.form)} }`;
    case 'number':
      return `{ ${base}, type: 'number'${field.type === 'int' ? ', props: { precision: 0 }' : ''} }`;
    case 'switch':
      return `{ ${base}, type: 'switch', defaultValue: 0 }`;
    case 'datetime':
      return `{ ${base}, type: 'datetime' }`;
    case 'select':
      return `{ ${base}, type: 'select', options: ${field.name.toUpperCase()}_OPTIONS, defaultValue: ${firstOption(field)} }`;
    case 'image':
      return `{
    ${base},
    type: 'custom',
    render: ({ value, onChange }) => <ImageUpload value={value} onChange={onChange} topic=${q(design.table)} />,
    toServer: (value) => (typeof value === 'string' ? value : ''),
  }`;
    case 'remoteSelect': {
      const target = RELATION_TARGETS[field.relation?.table ?? ''];
      return `{ ${base}, type: 'remoteSelect', remote: { url: ${q(`${target.api}/index`)}, labelField: ${q(target.label)} } }`;
    }
    default:
      return null;
  }
}

function pageFile(design: CrudDesign): string {
  const fields = design.fields.map((f) => fieldLine(design, f)).filter((line): line is string => line !== null);
  const usesImage = design.fields.some((f) => f.form === 'image');
  const usesMaxLength = fields.some((line) => line.includes('maxLengthRule'));
  const optionConsts = design.fields
    .filter((f) => f.type === 'select')
    .map((f) => `const ${f.name.toUpperCase()}_OPTIONS = [${Object.entries(f.options ?? {}).map(([value, label]) => `{ value: ${Number(value)}, label: ${q(label)} }`).join(', ')}];`);
  const switchConst = design.fields.some((f) => f.type === 'switch') ? [`const SWITCH_OPTIONS = [{ value: 0, label: ${q(`generated.${design.camel}.no`)}, color: 'gray' }, { value: 1, label: ${q(`generated.${design.camel}.yes`)}, color: 'green' }];`] : [];
  const quick = design.fields.filter((f) => f.search && (f.type === 'string' || f.type === 'text')).map((f) => q(`generated.${design.camel}.${f.name}`));
  return `/**
 * ${design.title.replace(/\*\//g, '* /')} (/admin/generated/${design.camel}): written by the CRUD generator from the table ${design.table}.
 */
import { useState } from ${mod('react')};
import { CrudPage, CrudTableStore, ${usesMaxLength ? 'maxLengthRule, ' : ''}type CrudColumn, type CrudField } from ${mod('@/components/crud')};
${usesImage ? `import { ImageUpload } from ${mod('@/components/Upload')};\n` : ''}import { useStore } from ${mod('@/stores/context')};

export const ${design.camel.toUpperCase()}_API = ${q(`/admin/generated.${design.pascal}`)};
${[...switchConst, ...optionConsts].join('\n')}

export const ${design.camel}Columns: CrudColumn[] = [
  { prop: 'id', label: ${q(`generated.${design.camel}.id`)}, width: 70, operator: '=', sortable: true },
${design.fields.map((f) => `  ${columnLine(design, f)},`).join('\n')}
  { prop: 'createtime', label: ${q(`generated.${design.camel}.createtime`)}, render: 'datetime', width: 170, sortable: true },
];

export const ${design.camel}Fields: CrudField[] = [
${fields.map((line) => `  ${line},`).join('\n')}
];

export default function ${design.pascal}Page() {
  const root = useStore();
  const [store] = useState(
    () =>
      new CrudTableStore(root, {
        api: ${design.camel.toUpperCase()}_API,
        columns: ${design.camel}Columns,
        fields: ${design.camel}Fields,
        quickSearchFields: [${[q(`generated.${design.camel}.id`), ...quick].join(', ')}],
      }),
  );
  return <CrudPage store={store} entity=${q(`generated.${design.camel}.entity`)} />;
}
`;
}

/** The page's texts: the design's title and labels (as typed, in both files: translate the other by hand), and the page's own words. */
function langFile(design: CrudDesign, lang: 'en' | 'zh-cn'): string {
  const en = lang === 'en';
  const labels: Record<string, string> = { entity: design.title, id: 'ID' };
  for (const f of design.fields) labels[f.name] = f.comment;
  labels.createtime = en ? 'Created' : '创建时间';
  labels.yes = en ? 'Yes' : '是';
  labels.no = en ? 'No' : '否';
  return `${JSON.stringify(labels, null, 2)}\n`;
}

/* The generated API spec ------------------------------------------------------------------------------------ */

function sampleValue(field: CrudFieldDesign, variant: number): string | number | null {
  switch (field.type) {
    case 'string':
      return `${field.name} ${variant}`;
    case 'text':
      return `${field.name} text ${variant}`;
    case 'image':
      return `/storage/${field.name}-${variant}.png`;
    case 'int':
      return 10 + variant;
    case 'decimal':
      return `${variant}.50`;
    case 'switch':
      return variant % 2;
    case 'select':
      return Number(Object.keys(field.options ?? { 0: '' })[0]);
    case 'datetime':
      return 1764000000 + variant;
    case 'relation':
      return null;
  }
}

function specFile(design: CrudDesign): string {
  const writable = design.fields.filter((f) => f.form !== 'none' && f.type !== 'relation');
  const row = (variant: number) => `{ ${writable.map((f) => `${f.name}: ${JSON.stringify(sampleValue(f, variant))}`).join(', ')} }`;
  const required = design.fields.find((f) => f.required && f.form !== 'none' && f.type !== 'relation' && f.type !== 'decimal' && f.type !== 'switch' && f.type !== 'select');
  const compared = writable.filter((f) => f.type !== 'decimal');
  return `import { as, Requester } from ${mod('../support/api')};
import { adminSpec } from ${mod('../support/admin-spec')};

/* Written by the CRUD generator for ${design.table}: the generic actions of /admin/generated.${design.pascal}. */
const API = ${q(`/admin/generated.${design.pascal}`)};

describe(${q(`generated CRUD: ${design.table}`)}, () => {
  let c: Requester;
  adminSpec({ ready: (f) => (c = as(f.t, f.session)) });

  it('adds, lists, edits and deletes a row', async () => {
    const added = await c.post(\`\${API}/add\`, ${row(1)});
    expect(added.body.code).toBe(1);
    const listed = await c.get(\`\${API}/index\`);
    expect(listed.body.code).toBe(1);
    expect(listed.body.data.total).toBe(1);
    const id = listed.body.data.list[0].id;
${compared.map((f) => `    expect(listed.body.data.list[0].${f.name}).toEqual(${JSON.stringify(sampleValue(f, 1))});`).join('\n')}
    expect((await c.post(\`\${API}/edit\`, { id, ...${row(2)} })).body.code).toBe(1);
    const edited = await c.get(\`\${API}/edit?id=\${id}\`);
${compared.map((f) => `    expect(edited.body.data.row.${f.name}).toEqual(${JSON.stringify(sampleValue(f, 2))});`).join('\n')}
    expect((await c.del(\`\${API}/del?ids[]=\${id}\`)).body).toMatchObject({ code: 1, data: { count: 1 } });
    expect((await c.get(\`\${API}/index\`)).body.data.total).toBe(0);
  });
${
  required
    ? `
  it('refuses a row without ${required.name}, translated', async () => {
    const { ${required.name}: _left, ...rest } = ${row(3)};
    const refused = await c.post(\`\${API}/add\`, rest);
    expect(refused.body.code).toBe(0);
    // "Please enter <the field's label>" (server labels: src/i18n/<lang>/fields.json, else the field's name)
    expect(refused.body.msg).toMatch(/^Please enter /);
    expect((await c.get(\`\${API}/index\`)).body.data.total).toBe(0);
  });
`
    : ''
}});
`;
}
