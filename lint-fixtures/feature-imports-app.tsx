// as: src/features/students/fixture.tsx
import { Layout } from '../../app/layout.tsx';

export const Shell = Layout;
