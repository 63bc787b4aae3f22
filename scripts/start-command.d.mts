// Types for start-command.mjs.
export function startCommand(root?: string): { env: Record<string, string>; args: string[] };
