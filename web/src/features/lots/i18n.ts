/**
 * Registers the words of lots and expiry (lang/<lang>/lots.json, keys 'lots.*') once, when first imported:
 * the order forms and details, the stock and history pages and the dashboard share them.
 */
import { addMessages } from '@/lang';
import zhLots from '@/lang/zh-cn/lots.json';
import enLots from '@/lang/en/lots.json';

let registered = false;

export function registerLotMessages(): void {
  if (registered) return;
  registered = true;
  addMessages('zh-cn', zhLots, 'lots');
  addMessages('en', enLots, 'lots');
}

registerLotMessages();
