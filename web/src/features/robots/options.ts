/** Choices the robot pages share (labels are language keys of routine/robot.json). */
import { ROBOT_EVENTS } from '@contract/robots';

export const ROBOT_EVENT_OPTIONS = ROBOT_EVENTS.map((event) => ({ value: event, label: `routine.robot.events.${event}` }));

export const ROBOT_LANG_OPTIONS = [
  { value: 'zh-cn', label: '简体中文' },
  { value: 'en', label: 'English' },
];
