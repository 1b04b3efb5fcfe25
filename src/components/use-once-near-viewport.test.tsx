// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useOnceNearViewport } from './use-once-near-viewport.ts';

function Probe() {
  const [ref, near] = useOnceNearViewport<HTMLDivElement>('1200px');
  return <div ref={ref}>{near ? 'near' : 'far'}</div>;
}

/** A stand-in IntersectionObserver: records what it observes and lets the test say when it intersects. */
function fakeObserver() {
  const instances: { callback: IntersectionObserverCallback; options?: IntersectionObserverInit; targets: Element[]; disconnected: boolean }[] = [];
  class Fake {
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      instances.push({ callback, options, targets: [], disconnected: false });
    }
    observe(target: Element) {
      instances.at(-1)!.targets.push(target);
    }
    disconnect() {
      instances.at(-1)!.disconnected = true;
    }
  }
  vi.stubGlobal('IntersectionObserver', Fake);
  const fire = (isIntersecting: boolean) =>
    act(() => {
      const last = instances.at(-1)!;
      last.callback([{ isIntersecting, target: last.targets[0]! } as IntersectionObserverEntry], {} as IntersectionObserver);
    });
  return { instances, fire };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useOnceNearViewport', () => {
  it('is far until the element comes within the margin, then near for good', () => {
    const { instances, fire } = fakeObserver();
    render(<Probe />);
    expect(screen.getByText('far')).toBeInTheDocument();
    expect(instances.at(-1)!.options?.rootMargin).toBe('1200px');
    fire(false);
    expect(screen.getByText('far')).toBeInTheDocument();
    fire(true);
    expect(screen.getByText('near')).toBeInTheDocument();
    expect(instances.at(-1)!.disconnected).toBe(true);
  });

  it('is near at once where there is no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<Probe />);
    expect(screen.getByText('near')).toBeInTheDocument();
  });
});
