/** Help videos (document 2): stored as a YouTube id or a URL; the modal embeds them. */

const YOUTUBE_ID = /^[\w-]{11}$/;

/** The YouTube id of a link (watch?v=, youtu.be/, embed/, shorts/) or of a bare id; null otherwise. */
export function youtubeId(video: string): string | null {
  const value = video.trim();
  if (YOUTUBE_ID.test(value)) return value;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  const host = url.hostname.replace(/^www\.|^m\./, '');
  if (host === 'youtu.be') return YOUTUBE_ID.test(url.pathname.slice(1)) ? url.pathname.slice(1) : null;
  if (host !== 'youtube.com' && host !== 'youtube-nocookie.com') return null;
  const fromQuery = url.searchParams.get('v');
  if (fromQuery && YOUTUBE_ID.test(fromQuery)) return fromQuery;
  const [, kind, id] = url.pathname.split('/');
  return (kind === 'embed' || kind === 'shorts') && id && YOUTUBE_ID.test(id) ? id : null;
}

/** What the modal's frame shows: the YouTube player, or the link itself when it is some other video. */
export function videoEmbedUrl(video: string): string {
  const id = youtubeId(video);
  return id ? `https://www.youtube.com/embed/${id}` : video.trim();
}

/** The card's picture, for YouTube videos. */
export function videoThumbnail(video: string): string | null {
  const id = youtubeId(video);
  return id ? `https://img.youtube.com/vi/${id}/mqdefault.jpg` : null;
}
