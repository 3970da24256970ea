/**
 * Carriers, customers and suppliers share their fields: name, contact person, mobile, e-mail,
 * WeChat, level, city, address, weigh, remark. Each page passes its language namespace (`wms.carrier`, …);
 * the three language files hold the same keys.
 */
import { cityField } from '@/components/AreaSelect/cityField';
import { maxLengthRule, type CrudColumn, type CrudField } from '@/components/crud';

export function partnerColumns(ns: string): CrudColumn[] {
  return [
    { prop: 'id', label: `${ns}.id`, width: 70, operator: '=', sortable: true },
    { prop: 'name', label: `${ns}.name`, minWidth: 160, ellipsis: true, sortable: true },
    { prop: 'contact_person', label: `${ns}.contactPerson`, width: 150, ellipsis: true },
    { prop: 'mobile', label: `${ns}.mobile`, width: 120 },
    { prop: 'email', label: `${ns}.email`, minWidth: 170, ellipsis: true },
    { prop: 'wechat', label: `${ns}.wechat`, width: 120, ellipsis: true, hidden: true, operator: false },
    { prop: 'level', label: `${ns}.level`, width: 80, operator: '=', sortable: true },
    { prop: 'city', label: `${ns}.city`, width: 100, ellipsis: true },
    { prop: 'address', label: `${ns}.address`, minWidth: 180, ellipsis: true, operator: false },
    { prop: 'weigh', label: `${ns}.weigh`, width: 80, operator: false, sortable: true },
    { prop: 'remark', label: `${ns}.remark`, minWidth: 160, ellipsis: true, hidden: true, operator: false },
    { prop: 'createtime', label: `${ns}.createtime`, render: 'datetime', width: 170, sortable: true },
    { prop: 'updatetime', label: `${ns}.updatetime`, render: 'datetime', width: 170, sortable: true, hidden: true, operator: false },
  ];
}

export function partnerFields(ns: string): CrudField[] {
  return [
    { prop: 'name', label: `${ns}.name`, type: 'input', rules: ['required', maxLengthRule(100)] },
    { prop: 'contact_person', label: `${ns}.contactPerson`, type: 'input', rules: [maxLengthRule(50)] },
    { prop: 'mobile', label: `${ns}.mobile`, type: 'input', rules: ['mobile'] },
    { prop: 'email', label: `${ns}.email`, type: 'input', rules: ['email', maxLengthRule(100)] },
    { prop: 'wechat', label: `${ns}.wechat`, type: 'input', rules: [maxLengthRule(50)] },
    { prop: 'level', label: `${ns}.level`, type: 'number', rules: ['integer'], props: { min: 0, max: 9999, precision: 0 }, tip: `${ns}.levelTip` },
    cityField({ prop: 'city', label: `${ns}.city`, rules: [maxLengthRule(100)] }),
    { prop: 'address', label: `${ns}.address`, type: 'input', rules: [maxLengthRule(255)] },
    { prop: 'weigh', label: `${ns}.weigh`, type: 'number', rules: ['integer'], props: { precision: 0 }, tip: `${ns}.weighTip` },
    { prop: 'remark', label: `${ns}.remark`, type: 'textarea', rules: [maxLengthRule(255)] },
  ];
}

/** The quick search covers id, name, contact person and mobile. */
export function partnerQuickSearch(ns: string): string[] {
  return [`${ns}.id`, `${ns}.name`, `${ns}.contactPerson`, `${ns}.mobile`];
}
