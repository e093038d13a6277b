import { Box, Text } from 'ink';
import { compact } from '../../../core/format/index.js';
import { change } from '../../../core/format/index.js';
import { sessionPressure, type SessionTally } from '../tally.js';
import { terminalSafe } from '../../kit/terminal-safe.js';
import { PressureBar } from './pressure-bar.js';

/** Short name of a conversation: the client's session id cut, and its conversation fingerprint. */
export function shortSession(session: string): string {
  // The client names its session: a control character in the name is shown, not sent.
  const [client, conversation] = session.split('~');
  if (conversation === undefined) return terminalSafe(session.slice(0, 14));
  return terminalSafe(`${(client ?? '').slice(0, 8)}~${conversation.slice(0, 4)}`);
}

/** One conversation: pressure bar, forms, events, tokens, cost against raw, and failed requests apart. */
export function SessionRow(props: { row: SessionTally; budget: number }) {
  const { row } = props;
  const budget = row.budget ?? props.budget;
  const pressure = sessionPressure(row);
  const forms = ['summary', 'stub']
    .filter((form) => (row.byForm[form] ?? 0) > 0)
    .map((form) => `${form} ${compact(row.byForm[form] ?? 0)}`)
    .join(' ');
  const cost = row.costRaw > 0 ? change(row.costRaw, row.costSent) : '–';
  const dollars = row.dollarsRaw > 0 ? ` $${(row.dollarsRaw - row.dollarsSent).toFixed(2)} saved` : '';
  return (
    <Box gap={1}>
      <Text>{shortSession(row.session).padEnd(13)}</Text>
      <PressureBar byClass={row.byClass} total={row.providerTokens ?? row.sentTokens} budget={budget} />
      <Text>{pressure === undefined ? '  – ' : `${String(Math.round(pressure * 100)).padStart(3)}%`}</Text>
      <Text>{`${String(row.requests).padStart(4)} req`}</Text>
      <Text>{`${String(row.events).padStart(3)} ev`}</Text>
      <Text>{`${compact(row.rawTokens).padStart(6)}→${compact(row.sentTokens).padEnd(6)}`}</Text>
      <Text color="green">{`cost ${cost}${dollars}`.padEnd(10)}</Text>
      <Text dimColor>{forms}</Text>
      {row.failed > 0 ? <Text color="red">{`${row.failed} failed`}</Text> : null}
    </Box>
  );
}
