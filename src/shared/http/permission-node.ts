/**
 * The permission node of a route: controller path `admin/auth.admin` and action
 * `index` give `auth/admin/index`. Computed from the route declaration, not the request text.
 */
export function permissionNode(controllerPath: string, actionPath: string): string {
  const controller = controllerPath.replace(/^\/?(admin|api)\/?/i, '').replace(/\./g, '/');
  return [controller, actionPath.replace(/^\//, '')].filter(Boolean).join('/').toLowerCase();
}

export function areaOf(controllerPath: string): 'admin' | 'api' | 'other' {
  const head = controllerPath.replace(/^\//, '').split('/')[0].toLowerCase();
  return head === 'admin' || head === 'api' ? head : 'other';
}
