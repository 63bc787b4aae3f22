/** The case of a file's name: 'kebab', 'camel', 'snake', or null for a name that fits any case. */
export function caseOf(fileName: string): 'kebab' | 'camel' | 'snake' | null;
