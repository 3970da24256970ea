/**
 * The demo warehouse's catalogue (SEED_DEMO): one warehouse in three areas with twelve
 * shelves, 50 products in eight categories with brands and units, suppliers, customers and carriers.
 * Plain data; names are Chinese, as the product's default language is.
 */

export const DEMO_WAREHOUSE = { name: '华东一号仓', serial_no: 'WH-SH01', city: '上海', address: '上海市嘉定区物流园路 88 号', responsible_person: '王磊', mobile: '13800138000' };

/** Areas, each with four shelves (`<code>-01` … `<code>-04`). */
export const DEMO_AREAS = [
  { serial_no: 'A', name: 'A 区（常温）' },
  { serial_no: 'B', name: 'B 区（食品）' },
  { serial_no: 'C', name: 'C 区（大件）' },
];
export const SHELVES_PER_AREA = 4;

export const DEMO_BRANDS = ['星河', '优品', '蓝鲸', '青禾', '远航', '云舒'];

export const DEMO_UNITS = ['个', '件', '箱', '包', '瓶', '台'];

/** Top-level categories and their children. */
export const DEMO_CATEGORIES: Array<{ name: string; children: string[] }> = [
  { name: '电子产品', children: ['手机配件', '电脑外设'] },
  { name: '办公用品', children: ['文具', '纸品'] },
  { name: '日用百货', children: ['清洁用品', '厨房用品'] },
  { name: '食品饮料', children: ['饮料', '零食'] },
];

export interface DemoProduct {
  name: string;
  spec: string;
  unit: string;
  /** a child category */
  category: string;
  brand: string;
  /** selling price, yuan */
  price: string;
  /** the area it is usually stored in */
  area: 'A' | 'B' | 'C';
}

const p = (category: string, brand: string, unit: string, area: DemoProduct['area'], rows: Array<[string, string, string]>): DemoProduct[] =>
  rows.map(([name, spec, price]) => ({ name, spec, price, category, brand, unit, area }));

export const DEMO_PRODUCTS: DemoProduct[] = [
  ...p('手机配件', '星河', '个', 'A', [
    ['快充数据线', 'USB-C 1 m', '29.00'],
    ['快充数据线', 'USB-C 2 m', '39.00'],
    ['20W 充电器', 'PD 快充', '69.00'],
    ['无线充电板', '15W', '99.00'],
    ['手机支架', '铝合金', '45.00'],
    ['钢化膜', '6.1 英寸', '19.90'],
  ]),
  ...p('电脑外设', '星河', '台', 'C', [
    ['无线鼠标', '2.4G 静音', '79.00'],
    ['机械键盘', '87 键 茶轴', '299.00'],
    ['27 英寸显示器', '2K 75Hz', '1299.00'],
    ['USB 集线器', '4 口 3.0', '59.00'],
    ['笔记本支架', '可折叠', '129.00'],
    ['高清摄像头', '1080P', '189.00'],
    ['移动硬盘', '1 TB', '399.00'],
    ['U 盘', '64 GB', '49.00'],
  ]),
  ...p('文具', '远航', '包', 'A', [
    ['中性笔（黑）', '0.5 mm 12 支', '18.00'],
    ['中性笔（蓝）', '0.5 mm 12 支', '18.00'],
    ['笔记本', 'A5 80 页', '12.50'],
    ['订书机', '24/6', '25.00'],
    ['文件夹', 'A4 10 个', '22.00'],
    ['便利贴', '76×76 mm', '8.80'],
    ['白板笔', '10 支', '26.00'],
    ['计算器', '12 位', '39.00'],
  ]),
  ...p('纸品', '远航', '箱', 'C', [
    ['A4 复印纸', '70 g 5 包', '139.00'],
    ['A3 打印纸', '80 g 5 包', '219.00'],
    ['收银纸', '57×50 mm 50 卷', '75.00'],
    ['标签纸', '60×40 mm 10 卷', '88.00'],
    ['牛皮纸信封', 'DL 100 个', '35.00'],
  ]),
  ...p('清洁用品', '蓝鲸', '瓶', 'A', [
    ['洗衣液', '2 L', '39.90'],
    ['洗洁精', '1.5 L', '19.90'],
    ['消毒湿巾', '80 抽', '15.90'],
    ['垃圾袋', '45×50 cm 100 只', '12.90'],
    ['拖把', '平板 旋转', '89.00'],
    ['抹布', '5 条装', '16.80'],
  ]),
  ...p('厨房用品', '云舒', '件', 'C', [
    ['保温杯', '不锈钢 500 ml', '89.00'],
    ['玻璃饭盒', '1000 ml', '35.00'],
    ['菜刀', '不锈钢', '128.00'],
    ['砧板', '竹制 40 cm', '59.00'],
    ['保鲜膜', '30 cm×100 m', '22.00'],
    ['电热水壶', '1.7 L', '149.00'],
  ]),
  ...p('饮料', '青禾', '箱', 'B', [
    ['矿泉水', '550 ml×24', '36.00'],
    ['苏打水', '350 ml×24', '72.00'],
    ['绿茶饮料', '500 ml×15', '52.00'],
    ['咖啡豆', '1 kg', '168.00'],
    ['橙汁', '1 L×6', '69.00'],
  ]),
  ...p('零食', '优品', '包', 'B', [
    ['坚果礼盒', '1.2 kg', '158.00'],
    ['牛肉干', '250 g', '49.90'],
    ['苏打饼干', '800 g', '26.80'],
    ['黑巧克力', '100 g×5', '59.00'],
    ['薯片', '70 g×10', '45.00'],
    ['海苔', '4 g×20', '29.90'],
  ]),
];

export const DEMO_SUPPLIERS = [
  { name: '上海星河电子有限公司', contact_person: '陈晓', mobile: '13911112222', city: '上海' },
  { name: '宁波远航文具有限公司', contact_person: '李娜', mobile: '13922223333', city: '宁波' },
  { name: '广州蓝鲸日化有限公司', contact_person: '黄伟', mobile: '13933334444', city: '广州' },
  { name: '杭州云舒家居用品厂', contact_person: '周敏', mobile: '13944445555', city: '杭州' },
  { name: '青禾食品有限公司', contact_person: '吴强', mobile: '13955556666', city: '苏州' },
];

export const DEMO_CUSTOMERS = [
  { name: '明珠超市', contact_person: '赵丽', mobile: '13611112222', city: '上海' },
  { name: '西湖百货', contact_person: '孙杰', mobile: '13622223333', city: '杭州' },
  { name: '城东便利店', contact_person: '钱芳', mobile: '13633334444', city: '南京' },
  { name: '蓝天办公用品商行', contact_person: '郑浩', mobile: '13644445555', city: '上海' },
  { name: '智联科技有限公司', contact_person: '冯雪', mobile: '13655556666', city: '苏州' },
  { name: '小米粒食品店', contact_person: '何静', mobile: '13666667777', city: '无锡' },
];

export const DEMO_CARRIERS = [
  { name: '顺丰速运', contact_person: '客服', mobile: '13700001111' },
  { name: '中通快递', contact_person: '客服', mobile: '13700002222' },
  { name: '德邦物流', contact_person: '客服', mobile: '13700003333' },
];
