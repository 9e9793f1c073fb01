import { z } from 'zod';
import { type Answers, OPTIONS, type QuestionKey, QUESTIONS } from './seedfinder.ts';

// Kept apart from seedfinder.ts so the quiz components in the browser do not load Zod.
// `.catch` turns an unknown value into "not answered" instead of failing the whole quiz.
const pick = <const T extends readonly [string, ...string[]]>(values: T) => z.enum(values).optional().catch(undefined);
const schema = z.object({
  experience: pick(OPTIONS.experience),
  place: pick(OPTIONS.place),
  climate: pick(OPTIONS.climate),
  space: pick(OPTIONS.space),
  effect: pick(OPTIONS.effect),
  flavour: pick(OPTIONS.flavour),
  patience: pick(OPTIONS.patience),
  yieldPriority: pick(OPTIONS.yieldPriority),
  cannabinoid: pick(OPTIONS.cannabinoid),
} satisfies Record<QuestionKey, unknown>);

/** Answers from the query string; unknown or malformed values are dropped so any old link still works. */
export function parseAnswers(params: URLSearchParams): Answers {
  const raw = Object.fromEntries(QUESTIONS.map((q) => [q, params.get(q)?.trim().toLowerCase() || undefined]));
  const parsed = schema.safeParse(raw);
  if (!parsed.success) return {};
  // Leave unanswered questions out entirely, so answers compare and serialise cleanly.
  return Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined)) as Answers;
}

