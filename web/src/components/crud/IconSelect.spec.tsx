import '@/test-support/dom-globals';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { filterIcons, IconSelect } from './IconSelect';
import { ICON_NAMES, resolveIconName } from './icons';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('the icon list of the rule editor', () => {
  it('lists the Arco icons by component name, sorted', () => {
    expect(ICON_NAMES.length).toBeGreaterThan(200);
    expect(ICON_NAMES).toEqual(expect.arrayContaining(['IconHome', 'IconUser', 'IconSettings', 'IconTool']));
    expect([...ICON_NAMES].sort()).toEqual(ICON_NAMES);
    expect(ICON_NAMES.every((name) => /^Icon[A-Z0-9]/.test(name))).toBe(true);
  });

  it('searches by any part of the name, with or without the Icon prefix, any case', () => {
    expect(filterIcons('home')).toContain('IconHome');
    expect(filterIcons('Icon-Home')).toContain('IconHome');
    expect(filterIcons('  ')).toHaveLength(ICON_NAMES.length);
    expect(filterIcons('user').every((name) => name.toLowerCase().includes('user'))).toBe(true);
    expect(filterIcons('no-such-icon-anywhere')).toEqual([]);
  });

  it('reads stored names in several spellings', () => {
    expect(resolveIconName('IconHome')).toBe('IconHome');
    expect(resolveIconName('icon-home')).toBe('IconHome');
    expect(resolveIconName('mind-mapping')).toBe('IconMindMapping');
    expect(resolveIconName('nothing-like-it')).toBeNull();
  });

  it('picks an icon from the searchable panel', async () => {
    const container = document.createElement('div');
    document.body.appendChild(container);
    const root: Root = createRoot(container);
    const onChange = jest.fn();
    await act(async () => root.render(<IconSelect value="" onChange={onChange} />));
    await act(async () => (container.querySelector('input') as HTMLInputElement).click());
    const panel = document.querySelector('[data-crud="icon-panel"]') as HTMLElement;
    expect(panel).not.toBeNull();
    const search = panel.querySelector('input') as HTMLInputElement;
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(search, 'home');
      search.dispatchEvent(new Event('input', { bubbles: true }));
    });
    const items = Array.from(panel.querySelectorAll('button.crud-icon-item')) as HTMLButtonElement[];
    expect(items.length).toBe(filterIcons('home').length);
    await act(async () => items.find((button) => button.title === 'IconHome')!.click());
    expect(onChange).toHaveBeenCalledWith('IconHome');
    act(() => root.unmount());
    container.remove();
  });
});
