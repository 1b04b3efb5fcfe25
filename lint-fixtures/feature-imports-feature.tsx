// as: src/features/students/fixture.tsx
import { StudentPage } from '../timeline/student-page.tsx';

export const Page = StudentPage;
