import type { ReactNode } from 'react';
import { TopTools } from '@/components/TopTools';

/**
 * The frame of a sign-in page (admin `ba-login`, member `ba-member-login`): the language and theme tools,
 * the box with the logo, the title and the subtitle, then the page's forms; `outside` stands before the
 * tools (a link home), `after` after the box (the captcha and dialogs).
 */
export function SignInFrame({ className, title, subtitle, outside, after, children }: { className: string; title: ReactNode; subtitle: ReactNode; outside?: ReactNode; after?: ReactNode; children: ReactNode }) {
  return (
    <div className={className}>
      {outside}
      <div className={`${className}-top`}>
        <TopTools />
      </div>
      <div className={`${className}-box`}>
        <div className={`${className}-head`}>
          <div className={`${className}-logo`} aria-hidden>
            WMS
          </div>
          <h1>{title}</h1>
          <p>{subtitle}</p>
        </div>
        {children}
      </div>
      {after}
    </div>
  );
}
