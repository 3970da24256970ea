/**
 * Registers the words of the warehouse-operation components (lang/<lang>/orders.json, keys 'orders.*')
 * once, when they are first imported: the order pages, the stock and the history pages share them.
 */
import { addMessages } from '@/lang';
import zhOrders from '@/lang/zh-cn/orders.json';
import enOrders from '@/lang/en/orders.json';
import '@/components/crud/i18n';

let registered = false;

export function registerOrderMessages(): void {
  if (registered) return;
  registered = true;
  addMessages('zh-cn', zhOrders, 'orders');
  addMessages('en', enOrders, 'orders');
}

registerOrderMessages();
