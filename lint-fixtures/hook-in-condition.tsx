// as: src/components/fixture.tsx
import { useState } from 'react';

export function Counter({ on }: { on: boolean }) {
  if (!on) return null;
  const [count] = useState(0);
  return <span>{count}</span>;
}
