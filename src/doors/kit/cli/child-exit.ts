/** Commander code of the error that carries a child's exit code out of the CLI (`gardener run`). */
export const CHILD_EXIT = 'gardener.childExit';
