import type { ComponentProps } from 'react';
import { observer } from 'mobx-react-lite';
import { LinkButton } from '@/components/LinkButton';
import { useStore } from '@/stores/context';

/**
 * A link into the member center (its home, the sign-in page): shown only while the member center is on
 * (module management; the front bootstrap's `modules.member`). Nothing while it is off.
 */
export const MemberCenterLink = observer(function MemberCenterLink(props: ComponentProps<typeof LinkButton>) {
  const { siteConfig } = useStore();
  if (!siteConfig.memberCenterOpen) return null;
  return <LinkButton {...props} />;
});
