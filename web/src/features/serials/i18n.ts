/**
 * Registers the words of serial numbers (lang/<lang>/serials.json, keys 'serials.*') once, when first
 * imported: the product form, the serial capture of order lines and tasks, the serial history page.
 */
import { addMessages } from '@/lang';
import zhSerials from '@/lang/zh-cn/serials.json';
import enSerials from '@/lang/en/serials.json';

let registered = false;

export function registerSerialMessages(): void {
  if (registered) return;
  registered = true;
  addMessages('zh-cn', zhSerials, 'serials');
  addMessages('en', enSerials, 'serials');
}

registerSerialMessages();
