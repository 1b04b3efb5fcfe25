import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A module loader that is started once and remembers the module it loaded. */
export interface Preloadable<M> {
  (): Promise<M>;
  /** The module, once loaded. */
  current(): M | undefined;
}

/** Wraps `import()` so that whoever loads the module first (a preload, an effect, a render) loads it for all. */
export function preloadable<M>(load: () => Promise<M>): Preloadable<M> {
  let module: M | undefined;
  let loading: Promise<M> | undefined;
  const start = () =>
    (loading ??= load().then(
      (loaded) => (module = loaded),
      (error: unknown) => {
        // A failed load (a deploy replaced the chunk, the network dropped) may be tried again.
        loading = undefined;
        throw error;
      },
    ));
  return Object.assign(start, { current: () => module });
}

/**
 * `React.lazy` over a preloadable module: when the module is already in (a route's preload or an
 * effect fetched it while the data loaded), the component renders at once. With a plain
 * `lazy(async () => …)` it suspended for a microtask all the same, its boundary showed the
 * fallback, and React 19 then holds the content back until 300 ms after that fallback appeared
 * (its reveal throttle): the triage's rows came 300 ms after its data.
 */
export function lazyFrom<M, P extends object>(module: Preloadable<M>, pick: (loaded: M) => ComponentType<P>): LazyExoticComponent<ComponentType<P>> {
  return lazy(() => {
    const loaded = module.current();
    if (loaded === undefined) return module().then((m) => ({ default: pick(m) }));
    // React's lazy takes any thenable and reads it synchronously when `then` calls back at once
    // (its documented contract; the type asks for a Promise only).
    return fulfilled({ default: pick(loaded) }) as unknown as Promise<{ default: ComponentType<P> }>;
  });
}

/** A thenable that calls back before `then` returns. */
function fulfilled<T>(value: T): PromiseLike<T> {
  return {
    then<A = T, B = never>(onFulfilled?: ((v: T) => A | PromiseLike<A>) | null): PromiseLike<A | B> {
      return Promise.resolve(onFulfilled ? onFulfilled(value) : (value as unknown as A));
    },
  };
}
