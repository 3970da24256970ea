import { Transform } from 'class-transformer';
import { IsArray, IsIn, IsInt, IsOptional, IsString, Length, MaxLength, Min } from 'class-validator';
import { msg } from '../../../shared/http/validation';

type Conversion = (params: { value: unknown }) => unknown;

/** How one identity reads whole numbers from a form (admin: digits only; member: digits between spaces too). */
export function intList(toInt: Conversion): Conversion {
  return ({ value }) => (Array.isArray(value) ? value.map((v) => toInt({ value: v })) : typeof value === 'string' && value !== '' ? value.split(',').map((v) => toInt({ value: v })) : value);
}

/** A decorator that does nothing: a field one identity converts and the other does not. */
const none: PropertyDecorator = () => undefined;

/** Applies property decorators to a field whose name is configured, in the order a decorated field would get them. */
function decorate(target: object, property: string, ...decorators: PropertyDecorator[]): void {
  for (const decorator of [...decorators].reverse()) decorator(target, property);
}

/** What the rule forms of an identity differ in. */
export interface RuleFormConfig<Type extends string, Flag extends string> {
  /** The rule types this identity has. */
  types: readonly Type[];
  /** The 0/1 field only this identity's rules have (admin `keepalive`, member `no_login_valid`). */
  flag: Flag;
  /** Titles and names are trimmed first (member). */
  trim: boolean;
  toInt: Conversion;
}

export interface RuleForm<Type extends string> {
  id?: number;
  pid?: number;
  type: Type;
  title: string;
  title_en?: string;
  name: string;
  path?: string;
  icon?: string;
  menu_type?: 'tab' | 'link' | 'iframe' | null | '';
  url?: string;
  component?: string;
  extend?: 'none' | 'add_rules_only' | 'add_menu_only';
  remark?: string;
  weigh?: number;
  status?: number;
}

/**
 * The rule form (`auth.Rule` / `user.Rule` add and edit) of one identity. The fields are checked in the
 * order they are declared and the first failure answers: the identity's flag stands between `component`
 * and `extend` (the fields after it sit on a base class, whose checks class-validator runs after the
 * subclass's own).
 */
export function ruleForm<Type extends string, Flag extends string>(config: RuleFormConfig<Type, Flag>): new () => RuleForm<Type> & { [K in Flag]?: number } {
  const { toInt } = config;
  const trim = config.trim ? Transform(({ value }) => (typeof value === 'string' ? value.trim() : value)) : none;

  class RuleFormTail {
    @IsOptional() @IsIn(['none', 'add_rules_only', 'add_menu_only'], { message: msg('validation.in') }) extend?: 'none' | 'add_rules_only' | 'add_menu_only';
    @IsOptional() @IsString() @MaxLength(255, { message: msg('validation.max_length', { max: 255 }) }) remark?: string;
    @IsOptional() @Transform(toInt) @IsInt({ message: msg('validation.integer') }) weigh?: number;
    @IsOptional() @Transform(toInt) @IsIn([0, 1], { message: msg('validation.in') }) status?: number;
  }

  class RuleFormFields extends RuleFormTail {
    @IsOptional() @Transform(toInt) @IsInt({ message: msg('validation.integer') }) id?: number;
    @IsOptional() @Transform(toInt) @IsInt({ message: msg('validation.integer') }) @Min(0, { message: msg('validation.min', { min: 0 }) }) pid?: number;

    @IsIn([...config.types], { message: msg('validation.in') })
    type: Type;

    @trim
    @IsString({ message: msg('validation.required') })
    @Length(1, 50, { message: msg('validation.length', { min: 1, max: 50 }) })
    title: string;

    @IsOptional() @IsString() @MaxLength(50, { message: msg('validation.max_length', { max: 50 }) }) title_en?: string;

    @trim
    @IsString({ message: msg('validation.required') })
    @Length(1, 50, { message: msg('validation.length', { min: 1, max: 50 }) })
    name: string;

    @IsOptional() @IsString() @MaxLength(100, { message: msg('validation.max_length', { max: 100 }) }) path?: string;
    @IsOptional() @IsString() @MaxLength(50, { message: msg('validation.max_length', { max: 50 }) }) icon?: string;
    @IsOptional() @IsIn(['tab', 'link', 'iframe', null, ''], { message: msg('validation.in') }) menu_type?: 'tab' | 'link' | 'iframe' | null | '';
    @IsOptional() @IsString() @MaxLength(255, { message: msg('validation.max_length', { max: 255 }) }) url?: string;
    @IsOptional() @IsString() @MaxLength(100, { message: msg('validation.max_length', { max: 100 }) }) component?: string;
  }
  decorate(RuleFormFields.prototype, config.flag, IsOptional(), Transform(toInt), IsIn([0, 1], { message: msg('validation.in') }));
  return RuleFormFields as new () => RuleForm<Type> & { [K in Flag]?: number };
}

/** What the group forms of an identity differ in. */
export interface GroupFormConfig<Tree extends boolean> {
  /** Groups form a tree (admin): `pid` is required, 0 at the top. */
  tree: Tree;
  nameMax: number;
  /** The name is trimmed first (member). */
  trim: boolean;
  toInt: Conversion;
}

export interface GroupForm {
  id?: number;
  name: string;
  rules: number[];
  status?: number;
}

/** The group form (`auth.Group` / `user.Group` add and edit) of one identity; `pid` (a tree's) is checked right after `id`. */
export function groupForm<Tree extends boolean>(config: GroupFormConfig<Tree>): new () => GroupForm & (Tree extends true ? { pid: number } : unknown) {
  const { toInt, nameMax } = config;
  const trim = config.trim ? Transform(({ value }) => (typeof value === 'string' ? value.trim() : value)) : none;

  class GroupFormTail {
    @trim
    @IsString({ message: msg('validation.required') })
    @Length(1, nameMax, { message: msg('validation.length', { min: 1, max: nameMax }) })
    name: string;

    @Transform(intList(toInt))
    @IsArray({ message: msg('validation.array') })
    @IsInt({ each: true, message: msg('validation.integer') })
    rules: number[];

    @IsOptional() @Transform(toInt) @IsIn([0, 1], { message: msg('validation.in') }) status?: number;
  }

  class GroupFormFields extends GroupFormTail {
    @IsOptional() @Transform(toInt) @IsInt({ message: msg('validation.integer') }) id?: number;
  }
  if (config.tree) decorate(GroupFormFields.prototype, 'pid', Transform(toInt), IsInt({ message: msg('validation.required') }), Min(0, { message: msg('validation.min', { min: 0 }) }));
  return GroupFormFields as new () => GroupForm & (Tree extends true ? { pid: number } : unknown);
}
