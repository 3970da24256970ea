import { OutboundPolicy } from '../../../shared/outbound/outbound-guard';
import { outboundRequest } from '../../../shared/outbound/outbound-request';
import type { RobotType } from '../../../../contract/robots';
import { accepted, messageBody, signedUrl } from '../domain/robot-message';

/**
 * Robot messages go through the outbound guard like webhook deliveries: https only, public addresses only,
 * redirects refused; `WEBHOOK_ALLOW_PRIVATE=1` lifts the address and https rules (a stand-in on loopback).
 */
export const ROBOT_CALLS: OutboundPolicy = { allowPrivateVariable: 'WEBHOOK_ALLOW_PRIVATE' };

/** A robot gets this long to answer (the whole call). */
export const ROBOT_TIMEOUT_MS = 5000;

export interface RobotTarget {
  type: number;
  webhook: string;
  secret: string;
}

/** What a send got: whether the robot took the message, its HTTP status (0 when none) and its answer (or why it failed). */
export interface SendResult {
  ok: boolean;
  status: number;
  answer: string;
}

/** Posts one markdown message to a robot, signed when it is a DingTalk robot with a secret. Never throws. */
export async function sendToRobot(robot: RobotTarget, title: string, content: string, nowMs = Date.now()): Promise<SendResult> {
  try {
    const answer = await outboundRequest(
      signedUrl(robot.type as RobotType, robot.webhook, robot.secret, nowMs),
      { method: 'POST', headers: { 'content-type': 'application/json; charset=utf-8', 'user-agent': 'wms-robots/1' }, body: messageBody(robot.type as RobotType, title, content), timeoutMs: ROBOT_TIMEOUT_MS, maxBytes: 64 * 1024 },
      ROBOT_CALLS,
    );
    return { ok: accepted(answer.status, answer.json()), status: answer.status, answer: answer.text.slice(0, 500) };
  } catch (error) {
    return { ok: false, status: 0, answer: String((error as Error).message ?? error).slice(0, 500) };
  }
}
