/**
 * The icons the shell itself uses, imported one file each. Importing them from the package's icon barrel
 * would put all ~280 icons into the sign-in page's first load, since the menu loads the barrel lazily
 * (components/Icon) and a module that is both imported and lazy-loaded lands in the static graph.
 */
export { default as IconUser } from '@arco-design/web-react/icon/react-icon/IconUser';
export { default as IconLock } from '@arco-design/web-react/icon/react-icon/IconLock';
export { default as IconRefresh } from '@arco-design/web-react/icon/react-icon/IconRefresh';
export { default as IconLanguage } from '@arco-design/web-react/icon/react-icon/IconLanguage';
export { default as IconMoonFill } from '@arco-design/web-react/icon/react-icon/IconMoonFill';
export { default as IconSunFill } from '@arco-design/web-react/icon/react-icon/IconSunFill';
export { default as IconLayout } from '@arco-design/web-react/icon/react-icon/IconLayout';
export { default as IconFullscreen } from '@arco-design/web-react/icon/react-icon/IconFullscreen';
export { default as IconFullscreenExit } from '@arco-design/web-react/icon/react-icon/IconFullscreenExit';
export { default as IconPoweroff } from '@arco-design/web-react/icon/react-icon/IconPoweroff';
export { default as IconMenuFold } from '@arco-design/web-react/icon/react-icon/IconMenuFold';
export { default as IconMenuUnfold } from '@arco-design/web-react/icon/react-icon/IconMenuUnfold';
export { default as IconStorage } from '@arco-design/web-react/icon/react-icon/IconStorage';
export { default as IconNotification } from '@arco-design/web-react/icon/react-icon/IconNotification';
export { default as IconEraser } from '@arco-design/web-react/icon/react-icon/IconEraser';
