import { PAGES } from '../../app/route-table.ts';

/**
 * Where a roster's respondents are handed to: other pages read the `students` parameter, a
 * comma-separated list of student identifiers (ARCHITECTURE: a selection travels in the URL).
 */
export function studentsParam(identifiers: readonly string[]): string {
  return identifiers.map(encodeURIComponent).join(',');
}

export function rosterHandoffLinks(identifiers: readonly string[]): { trigger: string; networks: string } {
  const students = `students=${studentsParam(identifiers)}`;
  return { trigger: PAGES.triggers.href({}, students), networks: PAGES.caseloads.href({}, students) };
}
