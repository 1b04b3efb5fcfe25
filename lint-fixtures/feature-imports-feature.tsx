// as: src/features/students/fixture.tsx
import { StudentPage } from '../student/student-page.tsx';

export const Page = StudentPage;
