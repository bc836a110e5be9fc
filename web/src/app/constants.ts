/** Timings and limits of document 1 section 9 that only the web console uses. */

/** Searches and list loads wait this long after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 500;
/** Lists load their next page when scrolled within this distance of the bottom. */
export const LOAD_MORE_THRESHOLD_PX = 100;
/** The menu's connection alert is evaluated this long after the list changes. */
export const CONNECTION_ALERT_DELAY_MS = 2_000;
/** Volume slider: 0 to 1 in steps of 0.1; full volume when nothing was stored. */
export const VOLUME_STEP = 0.1;
export const DEFAULT_VOLUME = 1;
/** Voice recordings under this size are discarded (document 1 sections 4 and 9). */
export const AUDIO_MIN_BYTES = 10_000;
/** MP3 bitrate of voice recordings, in kbps. */
export const MP3_KBPS = 128;
