// as: src/server/fixture.ts
import { useState } from 'react';

export const hook = useState;
