import { Transform } from 'class-transformer';
import { IsOptional, Matches, ValidateBy, ValidationArguments } from 'class-validator';
import { Enumeration, FormMode, ImageList, Money, OptionalInt, OptionalRef, RequiredRef, RequiredText } from '../../../../shared/http/form-fields';
import { msg } from '../../../../shared/http/validation';
import {
  COMMENT_GROUP,
  COMMENT_GROUPS,
  CONTENT_FLAGS,
  CONTENT_STATUS,
  CURRENCIES,
  CURRENCY,
  LINK_TARGET,
  LINK_TARGETS,
  parseFlags,
  TITLE_STYLE_PATTERN,
  normaliseTitleStyle,
  VISIT_GROUP,
  VISIT_GROUPS,
} from '../../domain/content';
import { BODY_MAX } from '../../domain/rich-text';
import { ExtraValues, IdList, IsSafeAddress, OptionalPlainText, OptionalTime, RequiredPlainText, RichText, SafeAddress, SafeImageList } from './cms-fields';

/*
 * The back-office forms of the content pages, each declared once and built for add and edit. Fields not
 * declared (ids, counters, timestamps, the author) never reach a row. Titles, names, keywords and
 * descriptions are plain text (markup refused); enumerations take their numbers or BuildAdmin's names.
 */

const SHOWN = [0, 1];

function channelForm(mode: FormMode) {
  class ChannelForm {
    @OptionalRef() pid?: number;
    @RequiredPlainText(mode, 100) name: string;
    @ImageList(255) image?: string;
    @OptionalPlainText(255) keywords?: string;
    @OptionalPlainText(255) description?: string;
    @Enumeration(SHOWN) status?: number;
    @OptionalInt() weigh?: number;
    @OptionalRef() model_id?: number;
  }
  return ChannelForm;
}
export const AddChannelDto = channelForm('add');
export const EditChannelDto = channelForm('edit');

/** Flags as numbers, numeric strings or names (`top`, `hot`, …), an array or a comma list. */
function FlagSet() {
  return (target: object, property: string) => {
    Transform(({ value }) => (value === null || value === '' ? [] : (parseFlags(value) ?? value)))(target, property);
    IsOptional()(target, property);
    ValidateBy({
      name: 'flagSet',
      validator: {
        validate: (value: unknown) => Array.isArray(value) && value.every((v) => (CONTENT_FLAGS as unknown[]).includes(v)),
        defaultMessage: (args?: ValidationArguments) => JSON.stringify({ key: 'validation.in', field: args?.property ?? '' }),
      },
    })(target, property);
  };
}

/** The fields an admin edits on content (status only on add: later it changes through `audit`). */
function contentForm(mode: FormMode) {
  class ContentForm {
    @RequiredRef(mode) channel_id: number;
    @IdList() channel_ids?: number[];
    @RequiredPlainText(mode, 200) title: string;
    @Transform(({ value }) => (value === null ? '' : typeof value === 'string' ? normaliseTitleStyle(value) : value))
    @IsOptional()
    @Matches(TITLE_STYLE_PATTERN, { message: msg('cms.title_style_invalid') })
    title_style?: string;
    @FlagSet() flag?: number[];
    @SafeImageList() images?: string;
    @RichText(BODY_MAX) content?: string;
    @OptionalPlainText(200) seotitle?: string;
    @OptionalPlainText(255) keywords?: string;
    @OptionalPlainText(500) description?: string;
    @IdList() tags?: number[];
    @SafeAddress() url?: string;
    @Enumeration(LINK_TARGETS, LINK_TARGET) target?: number;
    @OptionalInt() weigh?: number;
    @Money() price?: string;
    @Enumeration(CURRENCIES, CURRENCY) currency?: number;
    @Enumeration(VISIT_GROUPS, VISIT_GROUP) allow_visit_groups?: number;
    @Enumeration(COMMENT_GROUPS, COMMENT_GROUP) allow_comment_groups?: number;
    @OptionalTime() publish_time?: number | null;
    /** The values of the channel's content-model fields (checked against the model on write). */
    @ExtraValues() extra?: Record<string, unknown> | null;
  }
  return ContentForm;
}

export class AddContentDto extends contentForm('add') {
  /** A new item is published, held for audit or kept offline; refusing needs an audit with a reason. */
  @Enumeration([CONTENT_STATUS.normal, CONTENT_STATUS.unaudited, CONTENT_STATUS.offline], CONTENT_STATUS) status?: number;
  /** Set by the controller to the signed-in admin; whatever the body says is replaced. */
  @OptionalRef() admin_id?: number;
}
export const EditContentDto = contentForm('edit');

function tagForm(mode: FormMode) {
  class TagForm {
    @RequiredPlainText(mode, 50) name: string;
    @OptionalInt() weigh?: number;
    @Enumeration(SHOWN) status?: number;
  }
  return TagForm;
}
export const AddTagDto = tagForm('add');
export const EditTagDto = tagForm('edit');

function friendlyLinkForm(mode: FormMode) {
  class FriendlyLinkForm {
    @RequiredPlainText(mode, 100) title: string;
    @RequiredText(mode, 255) @IsSafeAddress() link: string;
    @SafeAddress() logo?: string;
    @Enumeration(LINK_TARGETS, LINK_TARGET) target?: number;
    @OptionalInt() weigh?: number;
    @Enumeration(SHOWN) status?: number;
  }
  return FriendlyLinkForm;
}
export const AddFriendlyLinkDto = friendlyLinkForm('add');
export const EditFriendlyLinkDto = friendlyLinkForm('edit');
