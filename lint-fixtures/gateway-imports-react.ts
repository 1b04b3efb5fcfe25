// as: src/gateway/fixture.ts
import { useState } from 'react';

export const hook = useState;
