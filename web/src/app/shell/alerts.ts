/** What a notification does outside the page: a short chime at the stored volume, and a browser notification. */
import { storedVolume } from './volume.js';

let audio: AudioContext | null = null;

/** Two short tones synthesised on the spot (no sound file to download). */
export function playChime(): void {
  const volume = storedVolume();
  if (volume <= 0 || typeof AudioContext === 'undefined') return;
  audio ??= new AudioContext();
  const context = audio;
  const start = context.currentTime;
  [880, 1320].forEach((frequency, index) => {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    const at = start + index * 0.14;
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.25 * volume, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.13);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(at);
    oscillator.stop(at + 0.14);
  });
}

export function browserNotificationsSupported(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window;
}

/** Asks once for the permission; browsers without notifications only get a console line. */
export function requestNotificationPermission(): void {
  if (!browserNotificationsSupported()) {
    console.info('This browser does not support desktop notifications');
    return;
  }
  if (Notification.permission === 'default') void Notification.requestPermission();
}

export function showBrowserNotification(title: string, body: string, tag: string, onClick: () => void): void {
  if (!browserNotificationsSupported() || Notification.permission !== 'granted') return;
  const notification = new Notification(title, { body, tag });
  notification.onclick = () => {
    window.focus();
    onClick();
    notification.close();
  };
}
