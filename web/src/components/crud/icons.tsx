/**
 * Arco icons by name: menus and rules store the component name ('IconHome').
 */
import type { CSSProperties, ComponentType, ReactNode } from 'react';
import * as ArcoIcons from '@arco-design/web-react/icon';

type IconComponent = ComponentType<{ style?: CSSProperties; className?: string }>;

const registry = ArcoIcons as unknown as Record<string, IconComponent | undefined>;

/** All icon names of @arco-design/web-react/icon, sorted. */
export const ICON_NAMES: string[] = Object.keys(registry)
  .filter((name) => /^Icon[A-Z0-9]/.test(name) && registry[name])
  .sort();

/** 'IconHome', 'icon-home' and 'home' all find IconHome. */
export function resolveIconName(name: string | null | undefined): string | null {
  if (!name) return null;
  const raw = String(name).trim();
  if (registry[raw] && /^Icon/.test(raw)) return raw;
  const pascal =
    'Icon' +
    raw
      .replace(/^icon[-_\s]?/i, '')
      .split(/[-_\s]+/)
      .filter(Boolean)
      .map((p) => p.charAt(0).toUpperCase() + p.slice(1))
      .join('');
  return registry[pascal] ? pascal : null;
}

export function CrudIcon({ name, style, className, fallback = null }: { name?: string | null; style?: CSSProperties; className?: string; fallback?: ReactNode }) {
  const resolved = resolveIconName(name);
  if (!resolved) return <>{fallback}</>;
  const Comp = registry[resolved] as IconComponent;
  return <Comp style={style} className={className} />;
}
