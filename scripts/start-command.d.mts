// Types for start-command.mjs.
export function startCommand(root?: string): string[];
