/**
 * The composer's voice recorder (document 1 section 4): idle, recording, then send or cancel, only
 * while the ticket is open. Recordings under 10000 bytes are discarded with a toast; a refused or
 * missing microphone says so and goes back to idle.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled, { keyframes } from 'styled-components';
import { IconButton, Spinner } from '../../ui/controls.js';
import { useErrorToast, useToast } from '../../ui/toast.js';
import { useLatest } from '../../ui/useLatest.js';
import { audioFileName, formatElapsed, keepsRecording, MicrophoneError, startRecording, type Recording } from './audioRecorder.js';

/** How often the elapsed time is redrawn. */
const CLOCK_MS = 250;

export type RecorderState = 'idle' | 'starting' | 'recording' | 'sending';

export interface AudioRecorder {
  state: RecorderState;
  /** When the microphone started (epoch ms). */
  startedAt: number;
  start(): void;
  cancel(): void;
  send(): void;
}

export function useAudioRecorder(enabled: boolean, upload: (file: File) => Promise<void>): AudioRecorder {
  const { t } = useTranslation();
  const toast = useToast();
  const showError = useErrorToast();
  const [state, setState] = useState<RecorderState>('idle');
  const [startedAt, setStartedAt] = useState(0);
  const recording = useRef<Recording | null>(null);
  const mounted = useRef(false);
  const latest = useLatest({ enabled, upload, t, toast, showError });

  const cancel = useCallback(() => {
    recording.current?.cancel();
    recording.current = null;
    setState('idle');
  }, []);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      recording.current?.cancel();
      recording.current = null;
    };
  }, []);

  // A ticket that stops being open (resolved, returned) drops the recording under way.
  useEffect(() => {
    if (!enabled) cancel();
  }, [enabled, cancel]);

  const start = useCallback(async () => {
    setState('starting');
    try {
      const started = await startRecording();
      // The conversation was left, or the ticket closed, while the microphone opened.
      if (!mounted.current || !latest.current.enabled) {
        started.cancel();
        setState('idle');
        return;
      }
      recording.current = started;
      setStartedAt(Date.now());
      setState('recording');
    } catch (error) {
      const { toast, t, showError } = latest.current;
      if (error instanceof MicrophoneError) toast.error(t(`web.inbox.composer.audio.${error.reason}`));
      else showError(error);
      setState('idle');
    }
  }, [latest]);

  const send = useCallback(async () => {
    const current = recording.current;
    if (!current) return;
    recording.current = null;
    setState('sending');
    const mp3 = current.stop();
    const { upload, toast, t, showError } = latest.current;
    if (!keepsRecording(mp3.size)) toast.warning(t('web.inbox.composer.audio.tooShort'));
    else {
      try {
        await upload(new File([mp3], audioFileName(new Date()), { type: 'audio/mpeg' }));
      } catch (error) {
        showError(error);
      }
    }
    setState('idle');
  }, [latest]);

  return { state, startedAt, start: () => void start(), cancel, send: () => void send() };
}

/** The clock, ticking while `running`. */
function useClock(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), CLOCK_MS);
    return () => window.clearInterval(timer);
  }, [running]);
  return now;
}

const pulse = keyframes`
  50% { opacity: 0.3; }
`;

const Bar = styled.div`
  flex: 1;
  display: flex;
  align-items: center;
  justify-content: flex-end;
  gap: 8px;
  min-height: 38px;
  time {
    font-variant-numeric: tabular-nums;
    min-width: 40px;
  }
`;

const Dot = styled.span`
  width: 10px;
  height: 10px;
  border-radius: 50%;
  background: ${({ theme }) => theme.error};
  animation: ${pulse} 1s ease-in-out infinite;
`;

/** What the composer shows instead of its input while a recording starts, runs or is sent. */
export function RecordingBar({ recorder }: { recorder: AudioRecorder }) {
  const { t } = useTranslation();
  const running = recorder.state === 'recording';
  const now = useClock(running);
  return (
    <Bar data-recorder={recorder.state} aria-live="polite">
      <IconButton icon="trash" label={t('web.inbox.composer.audio.cancel')} disabled={!running} onClick={recorder.cancel} />
      {running ? <Dot role="img" aria-label={t('web.inbox.composer.audio.recording')} /> : <Spinner />}
      <time data-elapsed>{formatElapsed(running ? now - recorder.startedAt : 0)}</time>
      <IconButton icon="send" label={t('web.inbox.composer.audio.send')} disabled={!running} onClick={recorder.send} />
    </Bar>
  );
}
