import { configure } from '@testing-library/react';

// Component tests share two cores with a backend per file and, in CI, with everything else the
// run starts. Testing Library's default of one second for `waitFor` and `findBy*` then measures the
// machine's load, not the page: a URL written 250 ms after typing, behind four keystrokes and a
// render, once took longer than that in CI. A wait that will never pass still fails, only later.
configure({ asyncUtilTimeout: 5_000 });
