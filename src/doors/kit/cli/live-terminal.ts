/** The environment variables that make Ink (through is-in-ci) draw only its final frame. */
const CI_VARIABLES = ['CI', 'CONTINUOUS_INTEGRATION'] as const;

/**
 * Loads a module that brings Ink in so that it draws live on a terminal even where `CI` is set.
 *
 * Ink reads `CI` once, when it is first imported, and then renders nothing until it unmounts: right
 * for a build log, wrong for a person at a terminal (a devcontainer or a CI shell with a real TTY).
 * When `stdout` is a terminal the CI variables are hidden while the module loads and put back after,
 * so the tools the agent runs still see them.
 */
export async function importForTerminal<T>(load: () => Promise<T>, stdout: { isTTY?: boolean }): Promise<T> {
  if (stdout.isTTY !== true) return load();
  const saved = CI_VARIABLES.map((name) => [name, process.env[name]] as const);
  for (const [name] of saved) delete process.env[name];
  try {
    return await load();
  } finally {
    for (const [name, value] of saved) if (value !== undefined) process.env[name] = value;
  }
}
