import { UsageError } from '#server/cli/with-database.ts';
import { HISTORY_DEFAULTS } from './history-plan.ts';

const USAGE = 'usage: npm run seed:history -- [--years 1-30] [--per-day 0.1-200] [--photos 0-20]';

/** `--years 10 --per-day 16.4 --photos 5`, each optional; anything else is a usage error. */
export function readHistoryArguments(args: readonly string[]): {
  years: number;
  estimatesPerDay: number;
  photosPerEstimate: number;
} {
  const values: Record<string, number> = {};
  for (let index = 0; index < args.length; index += 2) {
    const [name, value] = [args[index], args[index + 1]];
    const limits = LIMITS[name ?? ''];
    const number = Number(value);
    if (!limits) throw new UsageError(`unknown option ${name}; ${USAGE}`);
    if (value === undefined || !Number.isFinite(number) || number < limits.min || number > limits.max) {
      throw new UsageError(`${name} takes a number from ${limits.min} to ${limits.max}; ${USAGE}`);
    }
    if (limits.whole && !Number.isInteger(number))
      throw new UsageError(`${name} takes a whole number; ${USAGE}`);
    values[name ?? ''] = number;
  }
  return {
    years: values['--years'] ?? HISTORY_DEFAULTS.years,
    estimatesPerDay: values['--per-day'] ?? HISTORY_DEFAULTS.estimatesPerDay,
    photosPerEstimate: values['--photos'] ?? HISTORY_DEFAULTS.photosPerEstimate,
  };
}

const LIMITS: Record<string, { min: number; max: number; whole: boolean }> = {
  '--years': { min: 1, max: 30, whole: true },
  '--per-day': { min: 0.1, max: 200, whole: false },
  '--photos': { min: 0, max: 20, whole: true },
};
