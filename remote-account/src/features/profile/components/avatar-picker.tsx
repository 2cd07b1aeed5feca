import { useEffect, useId, useState } from 'react';

import { Avatar } from './avatar';

/**
 * The avatar picker of /edit (accepts image files): shows the current avatar, or a
 * preview of the chosen image, and hands the file up. Non-image files are refused.
 */
export function AvatarPicker({
  current,
  onPick,
}: {
  current: string | null;
  onPick: (file: File) => void;
}) {
  const inputId = useId();
  const noteId = useId();
  const [preview, setPreview] = useState<string | null>(null);
  const [refused, setRefused] = useState(false);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  return (
    <div className="ac-avatar-picker">
      <Avatar path={preview ?? current} size={128} />
      <input
        id={inputId}
        type="file"
        accept="image/*"
        className="visually-hidden ac-file-input"
        aria-describedby={noteId}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (!file) return;
          const isImage = file.type.startsWith('image/');
          setRefused(!isImage);
          if (!isImage) return;
          setPreview(URL.createObjectURL(file));
          onPick(file);
        }}
      />
      <label htmlFor={inputId} className="btn btn-ghost ac-file-label">
        Choose avatar image
      </label>
      <p id={noteId} className={refused ? 'form-error' : 'muted ac-hint'} aria-live="polite">
        {refused
          ? 'That file is not an image: choose a PNG, JPEG, GIF or WebP.'
          : 'PNG, JPEG, GIF or WebP.'}
      </p>
    </div>
  );
}
