import type { ChosenFile } from '#machines/profile.machine';
import { AVATAR_TYPES } from '#domain/contract';
import './PicturePicker.css';

/** The name of the file chosen: the browser hands the machine a File, which machines see only as a ChosenFile. */
function nameOf(file: ChosenFile | null): string | null {
  return file && 'name' in file && typeof file.name === 'string' ? file.name : null;
}

/**
 * The profile's picture: the browser's file picker, and beside it the name of the picture the profile machine
 * holds (its `avatar`). The input is emptied after each choice, so that choosing the same file again still counts;
 * its own line would then say "No file chosen" beside a chosen picture, so it is hidden and this line says it
 * (docs/product.md#screens).
 */
export function PicturePicker({ chosen, onChoose }: { chosen: ChosenFile | null; onChoose: (file: File) => void }) {
  const name = nameOf(chosen);
  return (
    <div className="field">
      <label htmlFor="profile-avatar">Picture</label>
      <div className="picture-picker">
        <input
          id="profile-avatar"
          className="picture-picker__input"
          type="file"
          accept={AVATAR_TYPES.join(',')}
          aria-describedby="profile-avatar-chosen profile-avatar-hint"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) onChoose(file);
            event.target.value = '';
          }}
        />
        <span id="profile-avatar-chosen" className="picture-picker__chosen" data-testid="picture-chosen">
          {name ? `Chosen: ${name}` : 'No picture chosen'}
        </span>
      </div>
      <p id="profile-avatar-hint" className="field__hint">
        PNG, JPEG, WebP or GIF, at most 2 MB.
      </p>
    </div>
  );
}
