/**
 * A file the person chose (a picture for the profile, a PDF report in the office): in the browser a File.
 * Machines see no DOM types (tsconfig.core.json), so this names only what their guards read; the injected
 * actor that sends it receives the browser's object as it was.
 */
export interface ChosenFile {
  readonly type: string;
  readonly size: number;
}
