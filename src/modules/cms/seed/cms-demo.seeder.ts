import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Seeder, SeedOptions } from '../../../shared/database/seeder';
import { CmsCruds } from '../crud/cms.cruds';
import { COMMENT_GROUP, CONTENT_FLAG, CONTENT_STATUS, LINK_TARGET } from '../domain/content';

/** The admin who "wrote" the demo content: the first account of an empty database. */
const DEMO_AUTHOR_ID = 1;

interface DemoArticle {
  channel: number;
  title: string;
  flag: number[];
  tags: number[];
  description: string;
  paragraphs: string[];
}

const CHANNELS = [
  { name: '公告 Notices', description: '仓库通知与制度 · Warehouse notices and rules' },
  { name: '仓储知识 Know-how', description: '收货、拣货、盘点的做法 · How we receive, pick and count' },
];
const TAGS = ['收货 Receiving', '拣货 Picking', '盘点 Counting', '安全 Safety'];
const ARTICLES: DemoArticle[] = [
  {
    channel: 0,
    title: '欢迎使用仓库管理系统 · Welcome to the warehouse system',
    flag: [CONTENT_FLAG.top, CONTENT_FLAG.recommend],
    tags: [],
    description: '从这里开始：入库、出库、移库和库存流水。 Start here: inbound, outbound, relocation and the stock ledger.',
    paragraphs: [
      '每一笔库存变动都记录在库存流水中，流水只增不改。',
      'Every stock change is written to the stock ledger, which is only ever appended to.',
    ],
  },
  {
    channel: 0,
    title: '节假日收发货安排 · Holiday receiving and shipping hours',
    flag: [CONTENT_FLAG.hot, CONTENT_FLAG.new],
    tags: [0, 1],
    description: '节假日期间 9:00–15:00 收货，16:00 前下单当天发货。 Receiving 9:00–15:00; orders before 16:00 ship the same day.',
    paragraphs: ['节假日期间收货时间为 9:00–15:00。', 'During holidays we receive goods from 9:00 to 15:00; orders placed before 16:00 ship the same day.'],
  },
  {
    channel: 1,
    title: '按货架路径拣货 · Picking along the shelf path',
    flag: [CONTENT_FLAG.recommend],
    tags: [1],
    description: '拣货单按仓库、库区、货架排序，少走回头路。 Picking lists are sorted by warehouse, area and shelf.',
    paragraphs: ['打印拣货单后按顺序拣货，扫描条码确认每一行。', 'Print the picking list, walk it in order and scan each line to confirm it.'],
  },
  {
    channel: 1,
    title: '盘点前的准备 · Before a stock count',
    flag: [CONTENT_FLAG.hot],
    tags: [2, 3],
    description: '盘点期间的出入库会被计入差异计算。 Movements during a count are taken into account.',
    paragraphs: ['盘点前整理货架并打印盘点表。', 'Tidy the shelves and print the count sheet before you start.'],
  },
];
const LINKS = [
  { title: '中国物流与采购联合会 CFLP', link: 'http://www.chinawuliu.com.cn/' },
  { title: 'GS1 China 中国物品编码中心', link: 'https://www.ancc.org.cn/' },
];

/**
 * With SEED_DEMO, the home page gets something to show: two channels, tagged articles marked top, hot,
 * recommended and new, and friendly links — written through the content CRUD services as an admin would,
 * so bodies are sanitised and references checked like any other content.
 */
@Injectable()
export class CmsDemoSeeder implements Seeder {
  readonly name = 'cms-demo';

  constructor(private readonly cruds: CmsCruds) {}

  async seed(_manager: EntityManager, _options: SeedOptions): Promise<void> {
    // Everything goes through the CRUD services with their own transactions: see afterCommit.
  }

  async afterCommit(options: SeedOptions): Promise<void> {
    if (!options.demo) return;
    const id = (row: Record<string, unknown>) => Number(row.id);
    const channels: number[] = [];
    for (const [i, channel] of CHANNELS.entries()) channels.push(id(await this.cruds.channel.add({ ...channel, status: 1, weigh: CHANNELS.length - i })));
    const tags: number[] = [];
    for (const name of TAGS) tags.push(id(await this.cruds.tag.add({ name, status: 1 })));
    for (const [i, article] of ARTICLES.entries()) {
      await this.cruds.content.add({
        channel_id: channels[article.channel],
        title: article.title,
        flag: article.flag,
        tags: article.tags.map((t) => tags[t]),
        description: article.description,
        content: article.paragraphs.map((p) => `<p>${p}</p>`).join(''),
        weigh: ARTICLES.length - i,
        status: CONTENT_STATUS.normal,
        allow_comment_groups: COMMENT_GROUP.user,
        admin_id: DEMO_AUTHOR_ID,
      });
    }
    for (const [i, link] of LINKS.entries()) await this.cruds.friendlyLink.add({ ...link, target: LINK_TARGET._blank, status: 1, weigh: LINKS.length - i });
    options.log(`Created the demo content: ${ARTICLES.length} articles in ${CHANNELS.length} channels.`);
  }
}
