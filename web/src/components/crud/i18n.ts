/**
 * Registers the generic table / form words (lang/<lang>/crud.json, keys 'crud.*') once, when the CRUD
 * components are first imported.
 */
import { addMessages } from '@/lang';
import zhCrud from '@/lang/zh-cn/crud.json';
import enCrud from '@/lang/en/crud.json';

let registered = false;

export function registerCrudMessages(): void {
  if (registered) return;
  registered = true;
  addMessages('zh-cn', zhCrud, 'crud');
  addMessages('en', enCrud, 'crud');
}

registerCrudMessages();
