import { observer } from 'mobx-react-lite';
import { Button, Dropdown, Menu, Space, Tooltip } from '@arco-design/web-react';
import { IconLanguage, IconMoonFill, IconSunFill } from '@/components/Icon/icons';
import { useT, type Lang } from '@/lang';
import { useStore } from '@/stores/context';

export const LANGUAGE_NAMES: Record<Lang, string> = { 'zh-cn': '中文简体', en: 'English' };

/** The language switch of every layout. */
export const LanguageSwitch = observer(function LanguageSwitch({ testId }: { testId?: string }) {
  const t = useT();
  const { config } = useStore();
  return (
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
      <Button type="text" icon={<IconLanguage />} aria-label={t('layout.language')} data-testid={testId}>
        {LANGUAGE_NAMES[config.lang]}
      </Button>
    </Dropdown>
  );
});

/** The light / dark switch of every layout. */
export const ThemeSwitch = observer(function ThemeSwitch({ testId }: { testId?: string }) {
  const t = useT();
  const { config } = useStore();
  const label = config.isDark ? t('layout.switchToLight') : t('layout.switchToDark');
  return (
    <Tooltip content={label}>
      <Button type="text" data-testid={testId} icon={config.isDark ? <IconSunFill /> : <IconMoonFill />} onClick={config.toggleTheme} aria-label={label} />
    </Tooltip>
  );
});

/** Language and theme switches for the pages outside the back office (home, login, member pages). */
export const TopTools = observer(function TopTools() {
  return (
    <Space>
      <LanguageSwitch />
      <ThemeSwitch />
    </Space>
  );
});
