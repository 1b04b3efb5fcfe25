// as: src/features/students/prefetch-students.ts
import Button from '@mui/material/Button';
import { StudentsPage } from './students-page.tsx';
import type { RoutePrefetch } from '../../queries/route-prefetch.ts';

export const prefetch: RoutePrefetch = () => {
  void [Button, StudentsPage];
};
