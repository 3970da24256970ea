import { adminComponentOf, FRAMEWORK_ADMIN_ICONS, FRAMEWORK_ADMIN_PAGES, FRAMEWORK_MEMBER_ICONS, FRAMEWORK_MEMBER_PAGES, memberComponentOf, ownIconOf, pageFileOf } from './page-components';

describe('page components of menu rules', () => {
  it("maps the framework's files to this app's pages, and leaves this app's own names as they are", () => {
    expect(pageFileOf('/src/views/backend/dashboard.vue')).toBe('/src/pages/admin/dashboard/index.tsx');
    expect(pageFileOf('/src/views/backend/auth/admin/index.vue')).toBe('/src/pages/admin/auth/admin/index.tsx');
    expect(pageFileOf('/src/views/backend/routine/adminInfo.vue')).toBe('/src/pages/admin/routine/adminInfo/index.tsx');
    expect(pageFileOf('\\src\\views\\backend\\auth\\group\\index.vue')).toBe('/src/pages/admin/auth/group/index.tsx');
    expect(pageFileOf('/src/views/frontend/user/account/overview.vue')).toBe('/src/pages/user/account/overview/index.tsx');
    expect(pageFileOf('/src/pages/admin/wms/product/index.tsx')).toBe('/src/pages/admin/wms/product/index.tsx');
    expect(pageFileOf('pages/admin/wms/product/index.tsx')).toBe('/src/pages/admin/wms/product/index.tsx');
    // nothing outside the two page trees is reachable through a framework name
    expect(pageFileOf('/src/views/common/error/404.vue')).toBe('/src/views/common/error/404.vue');
  });

  it('seeds the framework file for the pages both have and ours for the rest; each maps back to the page of its name', () => {
    expect(adminComponentOf('auth/admin')).toBe('/src/views/backend/auth/admin/index.vue');
    expect(adminComponentOf('wms/product')).toBe('/src/pages/admin/wms/product/index.tsx');
    expect(memberComponentOf('account/profile')).toBe('/src/views/frontend/user/account/profile.vue');
    expect(memberComponentOf('cms/comments')).toBe('/src/pages/user/cms/comments/index.tsx');
    for (const name of Object.keys(FRAMEWORK_ADMIN_PAGES)) expect(pageFileOf(adminComponentOf(name))).toBe(`/src/pages/admin/${name}/index.tsx`);
    for (const name of Object.keys(FRAMEWORK_MEMBER_PAGES)) expect(pageFileOf(memberComponentOf(name))).toBe(`/src/pages/user/${name}/index.tsx`);
  });

  it("draws the framework's icons of the shared pages as this app's own, and every one of them is mapped", () => {
    expect(ownIconOf('fa fa-dashboard')).toBe('IconDashboard');
    expect(ownIconOf('el-icon-UserFilled')).toBe('IconUser');
    expect(ownIconOf('IconStorage')).toBe('IconStorage');
    for (const icon of [...Object.values(FRAMEWORK_ADMIN_ICONS), ...Object.values(FRAMEWORK_MEMBER_ICONS)]) expect(ownIconOf(icon)).toMatch(/^Icon[A-Z]/);
  });
});
