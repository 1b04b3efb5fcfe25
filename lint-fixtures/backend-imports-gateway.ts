// as: src/backend/fixture.ts
import { createGateway } from '../gateway/gateway.ts';

export const gateway = createGateway;
