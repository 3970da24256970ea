/** Registers the upload control's words (keys 'upload.*') once, when it is first imported. */
import { addMessages } from '@/lang';
import zh from './lang/zh-cn.json';
import en from './lang/en.json';

let registered = false;

export function registerUploadMessages(): void {
  if (registered) return;
  registered = true;
  addMessages('zh-cn', zh, 'upload');
  addMessages('en', en, 'upload');
}

registerUploadMessages();
