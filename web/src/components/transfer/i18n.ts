/** Registers the export / import words (keys 'transfer.*') once, when first imported. */
import { addMessages } from '@/lang';
import zh from './lang/zh-cn.json';
import en from './lang/en.json';

let registered = false;

export function registerTransferMessages(): void {
  if (registered) return;
  registered = true;
  addMessages('zh-cn', zh, 'transfer');
  addMessages('en', en, 'transfer');
}

registerTransferMessages();
