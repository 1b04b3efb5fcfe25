// as: src/api/fixture.ts
import { alertKeys } from '../queries/alerts.ts';

export const keys = alertKeys;
