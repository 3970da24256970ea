import type { ReactNode } from 'react';
import { Menu } from '@arco-design/web-react';

export interface Choice<K extends string> {
  key: K;
  label: ReactNode;
  /** The item's test attributes (`data-testid`, `data-orders` …). */
  attrs?: Record<string, string>;
}

/** The list of a drop-down button's choices (an Arco Dropdown's `droplist`): one item per choice, in order. */
export function choiceMenu<K extends string>(choices: ReadonlyArray<Choice<K>>, onChoose: (key: K) => void): JSX.Element {
  return (
    <Menu onClickMenuItem={(key) => onChoose(key as K)}>
      {choices.map((choice) => (
        <Menu.Item key={choice.key} {...choice.attrs}>
          {choice.label}
        </Menu.Item>
      ))}
    </Menu>
  );
}
