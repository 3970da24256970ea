/** Registers the words of printed documents and labels (keys 'documents.*') once, when first imported. */
import { addMessages } from '@/lang';
import zh from './lang/zh-cn.json';
import en from './lang/en.json';

let registered = false;

export function registerDocumentMessages(): void {
  if (registered) return;
  registered = true;
  addMessages('zh-cn', zh, 'documents');
  addMessages('en', en, 'documents');
}

registerDocumentMessages();
