// as: src/features/students/fixture.tsx
import { useQuery } from '@tanstack/react-query';
import { ProblemMessage } from '../../components/problem-message.tsx';
import { useApi } from '../../queries/api-context.tsx';
import { peopleQueries } from '../../queries/people.ts';

export function Person({ identifier }: { identifier: string }) {
  const person = useQuery(peopleQueries.detail(useApi(), identifier));
  return person.isError ? <ProblemMessage error={person.error} /> : <span>{person.data?.firstName}</span>;
}
