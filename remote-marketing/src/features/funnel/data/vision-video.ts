/**
 * The vision film of the funnel story section ("an embedded external video").
 * WARNING: the product does not name the video; marketing replaces `src` with the published film's
 * embed URL. youtube-nocookie sets no cookies before the visitor plays the video.
 */
export const VISION_VIDEO = {
  src: 'https://www.youtube-nocookie.com/embed/hypertek-vision',
  title: 'The Hyper Tek vision',
  host: 'youtube-nocookie.com',
} as const;
