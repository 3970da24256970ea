import { Type } from '@nestjs/common';

/** One table the CRUD generator wrote: its entity, its controller and its page's menu rule. */
export interface GeneratedArea {
  entity: Type<object>;
  controller: Type<object>;
  page: { name: string; title: string; title_en: string };
}
