import { isApiError, isConflict } from '../api/errors.ts';
import { describeError } from './problem-message.tsx';

/** Why an edit was refused, in plain words (a 409 of the 20-active rule says who changed what). */
export function editFailureText(error: unknown, category: { name: string }, activating: boolean): string {
  if (isConflict(error)) {
    const detail = isApiError(error) ? (error.problem?.detail ?? '') : '';
    if (activating && !/named/i.test(detail)) {
      return `“${category.name}” was not activated: the service already counts too many active categories (someone may have activated one meanwhile). Nothing was changed; the list has been refreshed.`;
    }
    return `“${category.name}” was not changed: ${detail || 'the service refused it (409).'} The list has been refreshed.`;
  }
  return `“${category.name}” was not changed: ${describeError(error)}`;
}
