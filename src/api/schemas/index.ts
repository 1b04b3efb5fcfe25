// The one contract: resources, envelopes, request bodies and problem bodies (ARCHITECTURE.md).
export * from './common.ts';
export * from './problem.ts';
export * from './people.ts';
export * from './notations.ts';
export * from './categories.ts';
export * from './triggers.ts';
export * from './noncognitive.ts';
export * from './audiences.ts';
export * from './outcomes.ts';
