// as: src/queries/fixture.ts
import { toastBus } from '../components/toasts.tsx';

export const bus = toastBus;
