/**
 * The greeting by hour: before 5 a late-night notice; 5–9 good morning; 9–12 morning; 12–14 noon;
 * 14–18 afternoon; 18–24 evening — each followed by "welcome back". The hour is the site's (its time zone),
 * like every time the pages show.
 */
import type { TFunction } from '@/lang';
import { inDisplayZone } from '@/utils/time';

export type GreetingKey = 'lateNight' | 'goodMorning' | 'morning' | 'noon' | 'afternoon' | 'evening';

export function greetingKey(hour: number): GreetingKey {
  if (hour < 5) return 'lateNight';
  if (hour < 9) return 'goodMorning';
  if (hour < 12) return 'morning';
  if (hour < 14) return 'noon';
  if (hour < 18) return 'afternoon';
  return 'evening';
}

/** e.g. "Good afternoon!" — translated. */
export function greeting(t: TFunction, date: Date = new Date()): string {
  return t(`greeting.${greetingKey(inDisplayZone(date).hour())}`);
}

/** The greeting followed by "welcome back". */
export function greetingWithWelcome(t: TFunction, date: Date = new Date()): string {
  return t('greeting.template', { greeting: greeting(t, date), welcome: t('greeting.welcomeBack') });
}
