/** Chat robots (the module `robots`): what the template form asks beyond the generic CRUD. Wire types: contract/robots.ts. */
import type { RobotVariables } from '@contract/robots';
import request from './request';

/** GET routine.RobotTemplate/variables?event=: the variables a template of the event may use. */
export function getRobotVariables(event: string) {
  return request<RobotVariables>({ url: '/admin/routine.RobotTemplate/variables', method: 'get', params: { event } }, { showErrorMessage: false });
}
