import { render } from 'ink';
import { Dashboard, type DashboardProps } from './app.js';

/** Draws the dashboard on the terminal; returns what takes it down. */
export function renderDashboard(props: DashboardProps): () => void {
  const instance = render(<Dashboard {...props} />, { exitOnCtrlC: false });
  return () => instance.unmount();
}
