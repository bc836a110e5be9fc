/** Records an audio card in the browser (the console's MP3 recorder, a kind the server takes). */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/controls.js';
import { audioFileName, startRecording, type Recording } from '../../tickets/audioRecorder.js';
import { useEditorToast } from '../editorToast.js';

export function AudioRecorderButton({ onRecorded }: { onRecorded(file: File): void }) {
  const { t } = useTranslation();
  const toast = useEditorToast();
  const [recording, setRecording] = useState<Recording | null>(null);
  const current = useRef<Recording | null>(null);
  useEffect(() => () => current.current?.cancel(), []);
  const start = async () => {
    try {
      current.current = await startRecording();
      setRecording(current.current);
    } catch {
      toast.error(t('web.flowEditor.content.noMicrophone'));
    }
  };
  const stop = () => {
    if (!recording) return;
    const blob = recording.stop();
    current.current = null;
    setRecording(null);
    onRecorded(new File([blob], audioFileName(new Date()), { type: 'audio/mpeg' }));
  };
  return recording ? (
    <Button $variant="danger" onClick={stop} aria-live="polite">
      {t('web.flowEditor.content.stopRecording')} ({t('web.flowEditor.content.recording')})
    </Button>
  ) : (
    <Button $variant="outlined" onClick={() => void start()}>
      {t('web.flowEditor.content.record')}
    </Button>
  );
}
