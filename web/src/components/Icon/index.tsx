import { useEffect, useState, type ComponentType, type CSSProperties } from 'react';
import { ownIconOf } from '@contract/page-components';

type IconModule = Record<string, ComponentType<{ style?: CSSProperties; className?: string }>>;

let icons: IconModule | null = null;
let loading: Promise<IconModule> | null = null;

/** The whole Arco icon set, loaded on first use (menus and rules name their icons). */
export function loadIcons(): Promise<IconModule> {
  if (!loading) {
    loading = import('@arco-design/web-react/icon').then((mod) => {
      icons = mod as unknown as IconModule;
      return icons;
    });
  }
  return loading;
}

export interface IconProps {
  /** an Arco icon component name, e.g. 'IconDashboard', or a framework icon name this app maps ('fa fa-dashboard') */
  name?: string | null;
  /** the icon used when the name is empty or unknown (default IconApps) */
  fallback?: string;
  style?: CSSProperties;
  className?: string;
}

/** An Arco icon by name, with a fallback. */
export function Icon({ name, fallback = 'IconApps', style, className }: IconProps) {
  const [, setReady] = useState(Boolean(icons));
  useEffect(() => {
    if (icons) return;
    let alive = true;
    loadIcons().then(() => alive && setReady(true));
    return () => {
      alive = false;
    };
  }, []);
  if (!icons) return <span className={`arco-icon ba-icon-placeholder ${className ?? ''}`} style={{ display: 'inline-block', width: '1em', height: '1em', ...style }} />;
  // rules of the pages shared with the framework carry its icon names (`fa fa-user`): drawn as ours
  const own = name ? ownIconOf(name) : '';
  const key = own && /^Icon[A-Z]/.test(own) ? own : own ? `Icon${own.charAt(0).toUpperCase()}${own.slice(1)}` : '';
  const Component = (key && icons[key]) || icons[fallback] || icons.IconApps;
  return <Component style={style} className={className} />;
}

export default Icon;
