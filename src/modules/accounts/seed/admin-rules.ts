import { adminComponentOf } from '../../../../contract/page-components';
import { MenuType } from '../persistence/admin-rule.entity';

/** One menu of the back office as the seed writes it; buttons become child rules `<name>/<action>`. */
export interface MenuSeed {
  name: string;
  title: string;
  title_en: string;
  icon?: string;
  /** A folder in the menu when it has children and no page of its own. */
  children?: MenuSeed[];
  buttons?: Array<keyof typeof BUTTON_TITLES>;
  /** Button rules whose node is not `<name>/<action>`: actions several pages use (scanning). */
  nodes?: Array<{ name: string; title: string; title_en: string }>;
  menu_type?: MenuType;
}

export const BUTTON_TITLES = {
  index: ['查看', 'View'],
  add: ['添加', 'Add'],
  edit: ['编辑', 'Edit'],
  del: ['删除', 'Delete'],
  sortable: ['快速排序', 'Sort'],
  import: ['导入', 'Import'],
  export: ['导出', 'Export'],
  audit: ['审核', 'Audit'],
  ship: ['发货', 'Ship'],
  move: ['移库', 'Move'],
  cancel: ['取消', 'Cancel'],
  sendTestMail: ['发送测试邮件', 'Send test mail'],
  print: ['打印', 'Print'],
  labels: ['打印标签', 'Print labels'],
  restore: ['还原', 'Restore'],
  rollback: ['回滚', 'Roll back'],
  download: ['下载', 'Download'],
  info: ['详情', 'Details'],
  start: ['开始盘点', 'Start'],
  count: ['录入盘点', 'Count'],
  post: ['过账', 'Post'],
  test: ['发送测试事件', 'Send test event'],
  redeliver: ['重新投递', 'Redeliver'],
  variables: ['变量列表', 'Variables'],
  reserve: ['预留库存', 'Reserve stock'],
  release: ['释放', 'Release'],
  claim: ['领取', 'Claim'],
  unclaim: ['放回', 'Unclaim'],
  next: ['下一个任务', 'Next task'],
  confirm: ['确认', 'Confirm'],
  unreserve: ['取消预留', 'Release reservation'],
  orders: ['待打包订单', 'Orders to pack'],
  order: ['查找订单', 'Find an order'],
  pack: ['装箱', 'Pack'],
  unpack: ['取出', 'Unpack'],
  close: ['封箱', 'Close'],
  label: ['打印箱标', 'Print label'],
  block: ['冻结批次', 'Block lot'],
  unblock: ['解冻批次', 'Unblock lot'],
  trace: ['批次追溯', 'Lot trace'],
  enable: ['启用', 'Enable'],
  disable: ['禁用', 'Disable'],
  install: ['安装', 'Install'],
  generate: ['生成', 'Generate'],
  remove: ['删除生成的文件', 'Remove generated files'],
} as const;

/** The auditor's ledger workspace: actions beyond the list and its export. */
export const LEDGER_AUDIT_NODES = [
  { name: 'audit/ledger/runs', title: '校验记录', title_en: 'Verification runs' },
  { name: 'audit/ledger/take', title: '生成摘要', title_en: 'Take a digest' },
  { name: 'audit/ledger/download', title: '下载摘要', title_en: 'Download a digest' },
  { name: 'audit/ledger/publicKey', title: '签名公钥', title_en: 'Signing public key' },
  { name: 'audit/ledger/verify', title: '校验账本', title_en: 'Verify the ledger' },
] as const;

/** The auditor's workspace views beyond the ledger page (read-only; each has `index` and `export`). */
export const AUDIT_VIEW_MENUS: MenuSeed[] = [
  {
    name: 'audit/trace',
    title: '变动追溯',
    title_en: 'Movement trace',
    icon: 'IconBranch',
    buttons: ['index', 'export'],
    nodes: [{ name: 'audit/trace/order', title: '单据快照', title_en: 'Order as audited' }],
  },
  { name: 'audit/stock', title: '历史库存', title_en: 'Stock as of a date', icon: 'IconCalendar', buttons: ['index', 'export'] },
  { name: 'audit/variance', title: '盘点与调整差异', title_en: 'Count and adjustment variances', icon: 'IconInteraction', buttons: ['index', 'export'] },
];

/** Resolving a scanned code (`wms.Scan/resolve`): used by the order line editors, granted with them. */
export const SCAN_RULE = { name: 'wms/scan/resolve', title: '扫码识别', title_en: 'Resolve scanned codes' } as const;

const CRUD = ['index', 'add', 'edit', 'del'] as const;
const CATALOGUE = [...CRUD, 'sortable', 'import', 'export'] as const;
const ORDER = [...CRUD, 'audit', 'print', 'export'] as const;

/** Every page the product has, in menu order. */
export const ADMIN_MENUS: MenuSeed[] = [
  { name: 'dashboard', title: '控制台', title_en: 'Dashboard', icon: 'IconDashboard', buttons: ['index'] },
  {
    name: 'wmsOperation',
    title: '仓库作业',
    title_en: 'Warehouse operations',
    icon: 'IconStorage',
    nodes: [SCAN_RULE],
    children: [
      { name: 'wms/inbound', title: '入库单', title_en: 'Inbound orders', icon: 'IconImport', buttons: [...ORDER] },
      { name: 'wms/outbound', title: '出库单', title_en: 'Outbound orders', icon: 'IconExport', buttons: [...ORDER, 'ship', 'reserve', 'unreserve'] },
      { name: 'wms/relocation', title: '移库单', title_en: 'Relocation orders', icon: 'IconSwap', buttons: [...ORDER, 'move', 'cancel'] },
      { name: 'wms/stocktake', title: '盘点单', title_en: 'Stock counts', icon: 'IconCheckSquare', buttons: [...CRUD, 'start', 'count', 'post', 'cancel', 'print', 'export'] },
      { name: 'wms/adjustment', title: '库存调整单', title_en: 'Stock adjustments', icon: 'IconEdit', buttons: [...ORDER] },
      { name: 'wms/wave', title: '波次', title_en: 'Waves', icon: 'IconSelectAll', buttons: [...CRUD, 'release', 'cancel', 'print'] },
      { name: 'wms/task', title: '我的任务', title_en: 'My tasks', icon: 'IconMobile', buttons: ['index', 'claim', 'unclaim', 'next', 'confirm'] },
      { name: 'wms/package', title: '打包台', title_en: 'Pack station', icon: 'IconGift', buttons: ['index', 'orders', 'order', 'add', 'pack', 'unpack', 'close', 'label'] },
      { name: 'wms/putawayRule', title: '上架规则', title_en: 'Putaway rules', icon: 'IconDownload', buttons: [...CRUD], nodes: [{ name: 'wms/putaway/suggest', title: '上架建议', title_en: 'Suggest shelves' }] },
      { name: 'wms/pickFace', title: '拣货位', title_en: 'Pick faces', icon: 'IconThunderbolt', buttons: [...CRUD], nodes: [{ name: 'wms/replenishment/run', title: '运行补货', title_en: 'Run replenishment' }] },
      {
        name: 'wms/reorderRule',
        title: '补货建议',
        title_en: 'Reorder suggestions',
        icon: 'IconBulb',
        buttons: [...CRUD],
        nodes: [
          { name: 'wms/reorder/index', title: '补货清单', title_en: 'Reorder list' },
          { name: 'wms/reorder/draft', title: '生成采购草稿', title_en: 'Create draft orders' },
        ],
      },
      { name: 'wms/return', title: '客户退货单', title_en: 'Customer returns', icon: 'IconUndo', buttons: [...ORDER], nodes: [{ name: 'wms/return/returnable', title: '可退数量', title_en: 'Returnable quantities' }] },
      { name: 'wms/lot', title: '批次与召回', title_en: 'Lots and recalls', icon: 'IconSafe', buttons: ['index', 'export', 'block', 'unblock', 'trace'], nodes: [{ name: 'wms/lot/trace/export', title: '导出批次追溯', title_en: 'Export a lot trace' }] },
      { name: 'wms/serial', title: '序列号', title_en: 'Serial numbers', icon: 'IconQrcode', buttons: ['index'] },
      { name: 'wms/stock', title: '库存查询', title_en: 'Stock', icon: 'IconArchive', buttons: ['index', 'export'] },
      { name: 'wms/inventoryHistory', title: '库存流水', title_en: 'Inventory history', icon: 'IconHistory', buttons: ['index', 'export'] },
    ],
  },
  {
    name: 'wmsBase',
    title: '基础资料',
    title_en: 'Master data',
    icon: 'IconApps',
    children: [
      { name: 'wms/product', title: '商品', title_en: 'Products', icon: 'IconGift', buttons: [...CATALOGUE, 'labels'] },
      { name: 'wms/productUnit', title: '商品包装单位', title_en: 'Product units', icon: 'IconCodeSandbox', buttons: [...CRUD] },
      { name: 'wms/category', title: '商品分类', title_en: 'Categories', icon: 'IconMindMapping', buttons: [...CATALOGUE] },
      { name: 'wms/brand', title: '品牌', title_en: 'Brands', icon: 'IconTags', buttons: [...CATALOGUE] },
      { name: 'wms/unit', title: '计量单位', title_en: 'Units', icon: 'IconCommon', buttons: [...CATALOGUE] },
      { name: 'wms/warehouse', title: '仓库', title_en: 'Warehouses', icon: 'IconHome', buttons: [...CATALOGUE] },
      { name: 'wms/warehouseArea', title: '库区', title_en: 'Warehouse areas', icon: 'IconNav', buttons: [...CATALOGUE] },
      { name: 'wms/shelf', title: '货架', title_en: 'Shelves', icon: 'IconList', buttons: [...CATALOGUE, 'labels'] },
      { name: 'wms/supplier', title: '供应商', title_en: 'Suppliers', icon: 'IconBranch', buttons: [...CATALOGUE] },
      { name: 'wms/customer', title: '客户', title_en: 'Customers', icon: 'IconUserGroup', buttons: [...CATALOGUE] },
      { name: 'wms/carrier', title: '承运商', title_en: 'Carriers', icon: 'IconSend', buttons: [...CATALOGUE] },
    ],
  },
  {
    name: 'audit',
    title: '审计工作台',
    title_en: "Auditor's workspace",
    icon: 'IconSafe',
    children: [{ name: 'audit/ledger', title: '账本校验', title_en: 'Ledger integrity', icon: 'IconCheckCircle', buttons: ['index', 'export'], nodes: [...LEDGER_AUDIT_NODES] }, ...AUDIT_VIEW_MENUS],
  },
  {
    name: 'auth',
    title: '权限管理',
    title_en: 'Permissions',
    icon: 'IconLock',
    children: [
      { name: 'auth/group', title: '角色组管理', title_en: 'Admin groups', icon: 'IconUserGroup', buttons: [...CRUD] },
      { name: 'auth/admin', title: '管理员管理', title_en: 'Administrators', icon: 'IconUser', buttons: [...CRUD] },
      { name: 'auth/rule', title: '菜单规则管理', title_en: 'Menu rules', icon: 'IconMenu', buttons: [...CRUD, 'sortable'] },
      { name: 'auth/adminLog', title: '管理员日志管理', title_en: 'Admin logs', icon: 'IconFile', buttons: ['index', 'export'] },
      { name: 'auth/apiToken', title: 'API 令牌', title_en: 'API tokens', icon: 'IconCode', buttons: [...CRUD] },
      { name: 'auth/department', title: '部门管理', title_en: 'Departments', icon: 'IconMindMapping', buttons: [...CRUD, 'sortable'] },
      { name: 'auth/job', title: '职位管理', title_en: 'Jobs', icon: 'IconSafe', buttons: [...CRUD, 'sortable'] },
    ],
  },
  {
    name: 'user',
    title: '会员管理',
    title_en: 'Members',
    icon: 'IconUserGroup',
    children: [
      { name: 'user/user', title: '会员管理', title_en: 'Members', icon: 'IconUser', buttons: [...CRUD, 'export'] },
      { name: 'user/group', title: '会员分组管理', title_en: 'Member groups', icon: 'IconUserGroup', buttons: [...CRUD] },
      { name: 'user/rule', title: '会员规则管理', title_en: 'Member rules', icon: 'IconMenu', buttons: [...CRUD, 'sortable'] },
      { name: 'user/moneyLog', title: '会员余额管理', title_en: 'Balance logs', icon: 'IconGift', buttons: ['index', 'add', 'export'] },
      { name: 'user/scoreLog', title: '会员积分管理', title_en: 'Score logs', icon: 'IconTrophy', buttons: ['index', 'add', 'export'] },
      { name: 'user/oauthProvider', title: '第三方登录', title_en: 'Sign-in providers', icon: 'IconLink', buttons: [...CRUD] },
      { name: 'user/oauthLog', title: '第三方登录日志', title_en: 'Sign-in provider log', icon: 'IconFile', buttons: ['index'] },
    ],
  },
  {
    name: 'cms',
    title: '内容管理',
    title_en: 'Content',
    icon: 'IconBook',
    children: [
      { name: 'cms/content', title: '内容管理', title_en: 'Content', icon: 'IconFile', buttons: [...CRUD, 'sortable', 'audit', 'export'] },
      { name: 'cms/channel', title: '频道管理', title_en: 'Channels', icon: 'IconMindMapping', buttons: [...CRUD, 'sortable', 'export'] },
      { name: 'cms/comment', title: '评论管理', title_en: 'Comments', icon: 'IconMessage', buttons: ['index', 'del', 'audit', 'export'] },
      { name: 'cms/tags', title: '标签管理', title_en: 'Tags', icon: 'IconTags', buttons: [...CRUD, 'sortable', 'export'] },
      { name: 'cms/friendlyLink', title: '友情链接', title_en: 'Friendly links', icon: 'IconLink', buttons: [...CRUD, 'sortable', 'export'] },
      { name: 'cms/searchLog', title: '搜索记录', title_en: 'Search log', icon: 'IconSearch', buttons: ['index', 'del', 'export'] },
      { name: 'cms/advertPosition', title: '广告位管理', title_en: 'Advert positions', icon: 'IconApps', buttons: [...CRUD] },
      { name: 'cms/advert', title: '广告管理', title_en: 'Adverts', icon: 'IconImage', buttons: [...CRUD, 'sortable'] },
      { name: 'cms/contentModel', title: '内容模型', title_en: 'Content models', icon: 'IconStorage', buttons: [...CRUD] },
      { name: 'cms/payLog', title: '付费记录', title_en: 'Pay log', icon: 'IconGift', buttons: ['index'] },
    ],
  },
  {
    name: 'routine',
    title: '常规管理',
    title_en: 'Routine',
    icon: 'IconSettings',
    children: [
      { name: 'routine/config', title: '系统配置', title_en: 'Site settings', icon: 'IconTool', buttons: ['index', 'edit', 'add', 'del', 'sendTestMail'] },
      { name: 'routine/messageTemplate', title: '消息模板', title_en: 'Message templates', icon: 'IconEmail', buttons: ['index', 'edit', 'export'] },
      { name: 'routine/attachment', title: '附件管理', title_en: 'Attachments', icon: 'IconAttachment', buttons: ['index', 'edit', 'del'] },
      { name: 'routine/adminInfo', title: '个人资料', title_en: 'Profile', icon: 'IconIdcard', buttons: ['index', 'edit'] },
      { name: 'routine/backup', title: '数据备份', title_en: 'Database backup', icon: 'IconCloudDownload', buttons: ['index', 'add', 'download', 'del'] },
      { name: 'routine/webhook', title: 'Webhook', title_en: 'Webhooks', icon: 'IconShareExternal', buttons: [...CRUD, 'test'] },
      { name: 'routine/webhookDelivery', title: 'Webhook 投递记录', title_en: 'Webhook deliveries', icon: 'IconSend', buttons: ['index', 'redeliver'] },
      { name: 'routine/notice', title: '公告管理', title_en: 'Notices', icon: 'IconNotification', buttons: [...CRUD] },
      { name: 'routine/robot', title: '群机器人', title_en: 'Chat robots', icon: 'IconRobot', buttons: [...CRUD, 'test'] },
      { name: 'routine/robotTemplate', title: '机器人消息模板', title_en: 'Robot templates', icon: 'IconFile', buttons: [...CRUD, 'variables'] },
      { name: 'routine/robotLog', title: '机器人发送记录', title_en: 'Robot log', icon: 'IconHistory', buttons: ['index'] },
      { name: 'module/module', title: '模块管理', title_en: 'Modules', icon: 'IconApps', buttons: ['index', 'enable', 'disable', 'install'] },
      { name: 'crud/crud', title: 'CRUD 代码生成', title_en: 'CRUD generator', icon: 'IconCode', buttons: ['index', 'generate', 'remove'] },
    ],
  },
  {
    name: 'security',
    title: '数据安全管理',
    title_en: 'Data security',
    icon: 'IconSafe',
    children: [
      { name: 'security/dataRecycleLog', title: '数据回收站', title_en: 'Recycle bin', icon: 'IconDelete', buttons: ['index', 'info', 'restore', 'del', 'export'] },
      { name: 'security/sensitiveDataLog', title: '敏感数据修改记录', title_en: 'Sensitive data log', icon: 'IconEye', buttons: ['index', 'info', 'rollback', 'del', 'export'] },
      { name: 'security/dataRecycle', title: '数据回收规则', title_en: 'Recycle rules', icon: 'IconSettings', buttons: [...CRUD] },
      { name: 'security/sensitiveData', title: '敏感字段规则', title_en: 'Sensitive field rules', icon: 'IconLock', buttons: [...CRUD] },
    ],
  },
];

/** The page a menu opens: the framework's file where both products have the page, else `/src/pages/admin/<name>/index.tsx`. */
export function componentOf(name: string): string {
  return adminComponentOf(name);
}

/**
 * Rules the seed grants to the super administrators only (whatever the groups' patterns below say): counts
 * and adjustments change stock without a supplier or customer behind them, so a site grants them on purpose.
 */
export const SUPER_ONLY_RULES = /^wms\/(stocktake|adjustment|wave|task|putawayRule|putaway|pickFace|replenishment|reorderRule|reorder)(\/|$)/;

/** Seeded groups below the super administrators, by the rule names they hold. */
export const SEEDED_GROUPS: Array<{ key: string; name: string; parent: string | null; rules: (name: string) => boolean }> = [
  { key: 'super', name: '超级管理组', parent: null, rules: () => true },
  {
    key: 'level1',
    name: '一级管理员',
    parent: 'super',
    rules: (n) => n === 'dashboard' || n.startsWith('dashboard/') || n.startsWith('wms') || n.startsWith('routine/attachment') || n.startsWith('routine/adminInfo') || n === 'routine',
  },
  {
    key: 'level2',
    name: '二级管理员',
    parent: 'level1',
    rules: (n) => (n.startsWith('dashboard') || n.startsWith('wms') || n.startsWith('routine/adminInfo') || n === 'routine') && !/\/(del|import)$/.test(n),
  },
  {
    key: 'level3',
    name: '三级管理员',
    parent: 'level2',
    // reads only: prints and labels yes, scanning into order forms (which it cannot edit) no
    rules: (n) => n.startsWith('dashboard') || (n.startsWith('wms') && !/\/(add|edit|del|import|sortable|audit|ship|move|cancel|resolve|reserve|unreserve)$/.test(n)),
  },
  {
    key: 'auditor',
    name: '审计员',
    parent: 'super',
    rules: (n) =>
      n.startsWith('dashboard') ||
      n === 'wmsOperation' ||
      /^wms\/(inbound|outbound|relocation|stock|inventoryHistory)(\/(index|export))?$/.test(n) ||
      /^wms\/(inbound|outbound|relocation)\/print$/.test(n) ||
      // the pickers of the workspace's trace and filters
      /^wms\/(product|warehouse|shelf)\/index$/.test(n) ||
      n === 'routine' ||
      /^routine\/adminInfo(\/index)?$/.test(n) ||
      n === 'audit' ||
      n.startsWith('audit/'),
  },
];
