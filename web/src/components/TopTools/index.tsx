import { observer } from 'mobx-react-lite';
import { Button, Dropdown, Menu, Space, Tooltip } from '@arco-design/web-react';
import { IconLanguage, IconMoonFill, IconSunFill } from '@/components/Icon/icons';
import { useT, type Lang } from '@/lang';
import { useStore } from '@/stores/context';

export const LANGUAGE_NAMES: Record<Lang, string> = { 'zh-cn': '中文简体', en: 'English' };

/** Language and theme switches for the pages outside the back office (home, login, member pages). */
export const TopTools = observer(function TopTools() {
  const t = useT();
  const { config } = useStore();
  return (
    <Space>
      <Dropdown
        droplist={
          <Menu selectedKeys={[config.lang]} onClickMenuItem={(key) => config.setLang(key as Lang)}>
            {(Object.keys(LANGUAGE_NAMES) as Lang[]).map((lang) => (
              <Menu.Item key={lang}>{LANGUAGE_NAMES[lang]}</Menu.Item>
            ))}
          </Menu>
        }
        position="br"
      >
        <Button type="text" icon={<IconLanguage />} aria-label={t('layout.language')}>
          {LANGUAGE_NAMES[config.lang]}
        </Button>
      </Dropdown>
      <Tooltip content={config.isDark ? t('layout.switchToLight') : t('layout.switchToDark')}>
        <Button
          type="text"
          icon={config.isDark ? <IconSunFill /> : <IconMoonFill />}
          onClick={config.toggleTheme}
          aria-label={config.isDark ? t('layout.switchToLight') : t('layout.switchToDark')}
        />
      </Tooltip>
    </Space>
  );
});
