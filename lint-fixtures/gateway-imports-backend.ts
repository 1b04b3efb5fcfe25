// as: src/gateway/fixture.ts
import { createApp } from '../backend/app.ts';

export const backend = createApp;
