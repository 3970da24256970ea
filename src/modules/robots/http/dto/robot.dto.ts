import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { ROBOT_EVENTS, ROBOT_LANGS } from '../../../../../contract/robots';
import { msg } from '../../../../shared/http/validation';

const toInt = ({ value }: { value: unknown }) => (typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value);
const toList = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.split(',').filter(Boolean) : value);

/** `POST routine.Robot/add`: the secret is a password item (blank on edit keeps the stored one). */
export class RobotDto {
  @IsString({ message: msg('validation.required') })
  @MinLength(1, { message: msg('validation.required') })
  @MaxLength(50, { message: msg('validation.max_length', { max: 50 }) })
  name: string;

  @Transform(toInt)
  @IsIn([1, 2], { message: msg('validation.in') })
  type: number;

  @IsString({ message: msg('validation.required') })
  @MinLength(1, { message: msg('validation.required') })
  @MaxLength(500, { message: msg('validation.max_length', { max: 500 }) })
  webhook: string;

  @IsOptional()
  @IsString({ message: msg('validation.invalid') })
  @MaxLength(255, { message: msg('validation.max_length', { max: 255 }) })
  secret?: string;

  @Transform(toList)
  @IsArray({ message: msg('validation.array') })
  @ArrayMaxSize(ROBOT_EVENTS.length, { message: msg('validation.max', { max: ROBOT_EVENTS.length }) })
  @IsIn(ROBOT_EVENTS, { each: true, message: msg('validation.in') })
  events: string[];

  @IsOptional()
  @IsIn(ROBOT_LANGS, { message: msg('validation.in') })
  lang?: string;

  @IsOptional()
  @Transform(toInt)
  @IsIn([0, 1], { message: msg('validation.in') })
  status?: number;
}

export class EditRobotDto extends RobotDto {
  @Transform(toInt)
  @IsInt({ message: msg('validation.integer') })
  id: number;
}

/** `POST routine.Robot/test {id}`. */
export class RobotIdDto {
  @Transform(toInt)
  @IsInt({ message: msg('validation.integer') })
  id: number;
}

/** `routine.RobotTemplate` add / edit: one event, one language. */
export class RobotTemplateDto {
  @IsIn(ROBOT_EVENTS, { message: msg('validation.in') })
  event: string;

  @IsIn(ROBOT_LANGS, { message: msg('validation.in') })
  lang: string;

  @IsString({ message: msg('validation.required') })
  @MinLength(1, { message: msg('validation.required') })
  @MaxLength(100, { message: msg('validation.max_length', { max: 100 }) })
  title: string;

  @IsString({ message: msg('validation.required') })
  @MinLength(1, { message: msg('validation.required') })
  @MaxLength(2000, { message: msg('validation.max_length', { max: 2000 }) })
  content: string;
}

export class EditRobotTemplateDto extends RobotTemplateDto {
  @Transform(toInt)
  @IsInt({ message: msg('validation.integer') })
  id: number;
}
