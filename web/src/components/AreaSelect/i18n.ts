/** Registers the area select's words (keys 'area.*') once, when it is first imported. */
import { addMessages } from '@/lang';
import zh from './lang/zh-cn.json';
import en from './lang/en.json';

let registered = false;

export function registerAreaMessages(): void {
  if (registered) return;
  registered = true;
  addMessages('zh-cn', zh, 'area');
  addMessages('en', en, 'area');
}

registerAreaMessages();
