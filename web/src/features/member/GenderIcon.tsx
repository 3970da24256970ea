import IconMan from '@arco-design/web-react/icon/react-icon/IconMan';
import IconWoman from '@arco-design/web-react/icon/react-icon/IconWoman';
import IconQuestionCircle from '@arco-design/web-react/icon/react-icon/IconQuestionCircle';

/** Gender: male blue (primary), female red (danger), otherwise neutral. */
export const GENDER_STYLE: Record<number, { color: string; status: 'primary' | 'danger' | 'neutral' }> = {
  1: { color: 'rgb(var(--primary-6))', status: 'primary' },
  2: { color: 'rgb(var(--danger-6))', status: 'danger' },
  0: { color: 'var(--color-text-3)', status: 'neutral' },
};

export function GenderIcon({ gender, size = 16 }: { gender: number | string | null | undefined; size?: number }) {
  const value = Number(gender) === 1 ? 1 : Number(gender) === 2 ? 2 : 0;
  const style = { color: GENDER_STYLE[value].color, fontSize: size };
  const Icon = value === 1 ? IconMan : value === 2 ? IconWoman : IconQuestionCircle;
  return <Icon style={style} className={`ba-gender-icon is-${GENDER_STYLE[value].status}`} data-gender={value} />;
}

export default GenderIcon;
