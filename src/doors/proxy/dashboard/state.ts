import type { RequestRecord } from '../records.js';
import { emptyTally, tallyRecord, type ProxyTally } from '../tally.js';

/** Requests listed under the sessions. */
export const RECENT_REQUESTS = 5;

export interface DashboardState {
  url: string;
  upstream: string;
  budget: number;
  tally: ProxyTally;
  recent: RequestRecord[];
}

export type DashboardAction = { type: 'record'; record: RequestRecord };

export function initialDashboard(url: string, upstream: string, budget: number): DashboardState {
  return { url, upstream, budget, tally: emptyTally(), recent: [] };
}

/** The dashboard's reducer: plain data in, plain data out. */
export function dashboardReducer(state: DashboardState, action: DashboardAction): DashboardState {
  switch (action.type) {
    case 'record':
      return {
        ...state,
        tally: tallyRecord(state.tally, action.record),
        recent: [...state.recent, action.record].slice(-RECENT_REQUESTS),
      };
  }
}
