import { Box, Text } from 'ink';
import { useEffect, useReducer } from 'react';
import { compact, count } from '../../../core/format/index.js';
import { terminalSafe } from '../../kit/terminal-safe.js';
import type { RequestRecord } from '../records.js';
import { tallyTotals } from '../tally.js';
import { SessionRow } from './session-row.js';
import { dashboardReducer, initialDashboard } from './state.js';

export interface DashboardProps {
  url: string;
  upstream: string;
  budget: number;
  /** Subscribes to request records; returns the unsubscribe. */
  subscribe: (listener: (record: RequestRecord) => void) => () => void;
}

function requestLine(record: RequestRecord): string {
  const tokens =
    record.rawTokens !== undefined ? ` ${compact(record.rawTokens)}→${compact(record.sentTokens ?? 0)}` : '';
  const event = record.event ? ` event ${count(record.event.changed, 'block')}` : '';
  // What gardener may not shorten (system, tools, prompts, the latest turns) is over the budget alone.
  const over = record.overBudget ? ' over budget: raise --budget' : '';
  const open = record.failOpen ? ` passed through: ${record.failOpen}` : '';
  // The regret guard: this session cost more than unmanaged, so only pressure compacts it now.
  const guard = record.costGuard?.stopped ? ' profit events stopped: cost over unmanaged' : '';
  // The path and an error's words come from the client or upstream: shown, never sent to the terminal.
  return terminalSafe(
    `${record.status || '---'} ${record.method} ${record.path}${tokens}${event}${over}${guard}${open} ${Math.round(record.ms)} ms`,
  );
}

/** `gardener proxy` in a terminal: one row per conversation, then the latest requests. */
export function Dashboard(props: DashboardProps) {
  const [state, dispatch] = useReducer(
    dashboardReducer,
    initialDashboard(props.url, props.upstream, props.budget),
  );
  useEffect(() => props.subscribe((record) => dispatch({ type: 'record', record })), [props]);
  const rows = Object.values(state.tally.sessions).sort((a, b) => b.updatedAt - a.updatedAt);
  const totals = tallyTotals(state.tally);
  return (
    <Box flexDirection="column">
      <Text>
        <Text bold>gardener proxy</Text> {state.url} → {state.upstream} · budget {compact(state.budget)}
      </Text>
      <Text dimColor>ANTHROPIC_BASE_URL={state.url}</Text>
      <Box flexDirection="column" marginTop={1}>
        {rows.length === 0 ? <Text dimColor>waiting for requests…</Text> : null}
        {rows.map((row) => (
          <SessionRow key={row.session} row={row} budget={state.budget} />
        ))}
      </Box>
      <Box marginTop={1}>
        <Text>
          {`${count(state.tally.requests, 'request')} · ${count(totals.events, 'event')} · `}
          {`${compact(totals.tokensRaw)}→${compact(totals.tokensSent)} tokens`}
        </Text>
      </Box>
      {state.recent.map((record, i) => (
        <Text key={`${record.at}-${i}`} dimColor>
          {requestLine(record)}
        </Text>
      ))}
    </Box>
  );
}
