// as: src/http/fixture.ts
import { openDatabase } from '../backend/db/open.ts';

export const open = openDatabase;
