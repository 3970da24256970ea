/**
 * The working-time counter of the back office's dashboard (the spec's persisted "working time"): how long
 * the admin has worked today, paused and resumed by hand, kept in local storage under `workingTime` so a
 * reload or a second tab carries on; a new day starts from zero.
 */
import { defaultStorage, type StorageLike } from '@/stores/persist';

export const WORKING_TIME_KEY = 'workingTime';

export interface WorkingTime {
  /** the local day it counts (`2026-11-29`) */
  date: string;
  /** when today's counting started (ms) */
  startTime: number;
  /** when it was paused (ms), 0 while running */
  pauseTime: number;
  /** paused so far today, before the current pause (ms) */
  pausedMs: number;
}

export function localDay(now: number): string {
  const d = new Date(now);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Today's record: the stored one when it is today's, else a new one starting now. */
export function today(now: number, storage: StorageLike = defaultStorage()): WorkingTime {
  try {
    const saved = JSON.parse(storage.getItem(WORKING_TIME_KEY) ?? 'null') as WorkingTime | null;
    if (saved && saved.date === localDay(now) && Number.isFinite(saved.startTime) && saved.startTime <= now) return saved;
  } catch {
    /* a damaged entry starts afresh */
  }
  const fresh: WorkingTime = { date: localDay(now), startTime: now, pauseTime: 0, pausedMs: 0 };
  storage.setItem(WORKING_TIME_KEY, JSON.stringify(fresh));
  return fresh;
}

/** Milliseconds worked: since the start, less the pauses (a running pause counts up to now). */
export function worked(record: WorkingTime, now: number): number {
  const pausedNow = record.pauseTime ? now - record.pauseTime : 0;
  return Math.max(0, now - record.startTime - record.pausedMs - pausedNow);
}

/** Pauses a running counter or resumes a paused one; answers and stores the new record. */
export function toggle(record: WorkingTime, now: number, storage: StorageLike = defaultStorage()): WorkingTime {
  const next = record.pauseTime ? { ...record, pauseTime: 0, pausedMs: record.pausedMs + (now - record.pauseTime) } : { ...record, pauseTime: now };
  storage.setItem(WORKING_TIME_KEY, JSON.stringify(next));
  return next;
}

/** { hours, minutes } of a duration. */
export function hoursAndMinutes(ms: number): { hours: number; minutes: number } {
  const minutes = Math.floor(ms / 60000);
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}
