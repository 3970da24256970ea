import { groupForm, ruleForm } from '../../identity/rule-group-forms';

/** Digits only: an admin form's whole numbers carry no spaces. */
const toInt = ({ value }: { value: unknown }) => (typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value);

/** `auth.Group` add / edit: admin groups form a tree (`pid`, 0 at the top); names up to 100, as typed. */
export const GroupDto = groupForm({ tree: true, nameMax: 100, trim: false, toInt });
export type GroupDto = InstanceType<typeof GroupDto>;

/** `auth.Rule` add / edit: menu folders, pages and buttons; a page may be kept alive (`keepalive`). */
export const RuleDto = ruleForm({ types: ['menu_dir', 'menu', 'button'], flag: 'keepalive', trim: false, toInt });
export type RuleDto = InstanceType<typeof RuleDto>;
