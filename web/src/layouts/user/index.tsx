import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { PageFallback } from '@/components/PageFallback';

/** The member-center shell: its menus and pages come with the member center. */
export default function UserLayout() {
  return (
    <Suspense fallback={<PageFallback full />}>
      <Outlet />
    </Suspense>
  );
}
