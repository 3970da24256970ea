// Single Arco icons by file, so the shell never pulls the whole icon barrel (see components/Icon/icons.ts).
declare module '@arco-design/web-react/icon/react-icon/*' {
  import type { FC, SVGAttributes } from 'react';
  const Icon: FC<SVGAttributes<SVGElement> & { spin?: boolean; useCurrentColor?: boolean }>;
  export default Icon;
}
