// as: src/queries/fixture.ts
import { queryOptions } from '@tanstack/react-query';

export const byId = (id: string) => queryOptions({ queryKey: ['things'], queryFn: () => fetch(`/things/${id}`) });
