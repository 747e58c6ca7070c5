// What the cron libraries say about an expression: in words, and its next runs in a time zone.
// Only these two libraries here (and nothing of the extension's own), so that this file is a
// bundle of its own, loaded at first use (schedules.ts, esbuild.mjs).
import { CronExpressionParser } from 'cron-parser';
import cronstrue from 'cronstrue';

/** "At 02:30, only on Monday and Wednesday" */
export function describeCron(expression: string): string {
  return cronstrue.toString(expression, { use24HourTimeFormat: true, verbose: false });
}

/** The next `count` runs of `expression` after `from`, in `timeZone`. */
export function cronRuns(expression: string, from: Date, timeZone: string, count: number): Date[] {
  const iterator = CronExpressionParser.parse(expression, { currentDate: from, tz: timeZone });
  return Array.from({ length: count }, () => iterator.next().toDate());
}
