/**
 * Every in-app link, spelled once. Paths here must match the route table (src/app/route-table.ts);
 * its test checks each of them against a route.
 */
const segment = (value: string) => encodeURIComponent(value);

const withQuery = (path: string, query?: URLSearchParams | Record<string, string | undefined>): string => {
  if (!query) return path;
  const params = query instanceof URLSearchParams ? query : new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
};

export const paths = {
  start: () => '/',
  students: () => '/students',
  /** A student's page (their timeline). */
  student: (identifier: string, query?: URLSearchParams | Record<string, string | undefined>) => withQuery(`/students/${segment(identifier)}`, query),
  alerts: (query?: URLSearchParams | Record<string, string | undefined>) => withQuery('/alerts', query),
  /** A staff member's caseload (`/caseloads?staff=E0001`). */
  caseload: (staff: string) => withQuery('/caseloads', { staff }),
  signIn: () => '/sign-in',
};
