/**
 * The whole screen drawn again: on Ctrl+L (after another program wrote over it), and once a resize
 * has settled. A terminal reflows what was on screen when its size changes, and Ink erases its last
 * frame by counting rows, so rows of the old width would stay on screen beside the new frame.
 */
import { useStdout } from 'ink';
import { useEffect } from 'react';
import { useKeys } from '../ui/keys.js';

/** Clears the screen and puts the cursor home; Ink then draws its whole frame again. */
const CLEAR_SCREEN = '\x1b[2J\x1b[H';
/** Past Ink's render throttle (30 frames a second), so the frame drawn again is of the new size. */
const RESIZE_SETTLE_MS = 80;

export function Redraw() {
  const { stdout, write } = useStdout();
  useKeys((input, key) => {
    if (key.ctrl && input === 'l') write(CLEAR_SCREEN);
  });
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => write(CLEAR_SCREEN), RESIZE_SETTLE_MS);
    };
    stdout.on('resize', onResize);
    return () => {
      clearTimeout(timer);
      stdout.off('resize', onResize);
    };
  }, [stdout, write]);
  return null;
}
