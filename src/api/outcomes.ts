import { filterQuery, getGatewayJson } from './gateway-json.ts';
import { OutcomesSchema, type Outcomes } from './schemas/index.ts';

/** A window of alert creation, whole days (`YYYY-MM-DD`). */
export interface OutcomesWindow {
  from: string;
  to: string;
}

/** The gateway's aggregates of alert outcomes (#33; administrators and RECORDS_GROUP). */
export const outcomesClient = {
  get: (window: OutcomesWindow, signal?: AbortSignal): Promise<Outcomes> =>
    getGatewayJson('outcomes.get', `/admin/outcomes${filterQuery({ from: window.from, to: window.to })}`, OutcomesSchema, signal),
};
