import { useState } from 'react';

import { Icon } from '../../../components/icon';

interface VideoEmbedProps {
  /** The player's embed URL (loaded only after the click). */
  src: string;
  title: string;
  /** Who serves the video, said on the button before anything is loaded. */
  host: string;
}

/**
 * An external video that loads nothing until the visitor asks for it: the poster is drawn in
 * CSS/SVG, and the player's iframe is created on click. No request leaves the machine before.
 */
export function VideoEmbed({ src, title, host }: VideoEmbedProps) {
  const [playing, setPlaying] = useState(false);
  if (playing) {
    return (
      <div className="mk-video">
        <iframe
          className="mk-video-frame"
          src={`${src}${src.includes('?') ? '&' : '?'}autoplay=1`}
          title={title}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      </div>
    );
  }
  return (
    <div className="mk-video">
      <button type="button" className="mk-video-poster" onClick={() => setPlaying(true)}>
        <svg className="mk-video-scan" viewBox="0 0 320 180" aria-hidden="true" focusable="false">
          <path
            d="M0 150 L80 110 L130 128 L200 80 L320 120 V180 H0Z"
            fill="rgb(122 92 255 / 35%)"
          />
          <path
            d="M0 160 L90 130 L150 146 L230 104 L320 140 V180 H0Z"
            fill="rgb(0 229 255 / 25%)"
          />
          <circle cx="250" cy="48" r="22" fill="rgb(255 43 214 / 55%)" />
        </svg>
        <span className="mk-video-play">
          <Icon name="play" size={32} />
        </span>
        <span className="mk-video-label">
          Play video: {title}
          <small>Loads the player from {host}</small>
        </span>
      </button>
    </div>
  );
}
