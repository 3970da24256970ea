import { addMessages } from '@/lang';
import en from './lang/en.json';
import zh from './lang/zh-cn.json';

addMessages('zh-cn', zh, 'notices');
addMessages('en', en, 'notices');
