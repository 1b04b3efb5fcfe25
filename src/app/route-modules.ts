/// <reference types="vite/client" />
import type { ComponentType } from 'react';
import type { RoutePrefetch } from '../queries/route-prefetch.ts';

// Every page and prefetch module, each its own lazy chunk, found by the paths the route table names.
const pageModules = import.meta.glob<Record<string, ComponentType>>('../features/**/*-page.tsx');
const prefetchModules = import.meta.glob<{ prefetch: RoutePrefetch }>(['../features/**/prefetch-*.ts', '!../features/**/*.test.ts']);

function moduleOf<T>(modules: Record<string, () => Promise<T>>, path: string): () => Promise<T> {
  const load = modules[path.replace(/^src\//, '../')];
  if (!load) throw new Error(`route table: ${path} is not a page or prefetch module under src/features`);
  return load;
}

/** The loader of a page module the route table names (src/app/route-table.ts). */
export const pageModule = (path: string) => moduleOf(pageModules, path);

/** The loader of a prefetch module the route table names. */
export const prefetchModule = (path: string) => moduleOf(prefetchModules, path);
