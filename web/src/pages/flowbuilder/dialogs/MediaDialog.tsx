/** An image, audio or video block: its one file, replaced by choosing (or, for audio, recording) another. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FlowMediaKind } from '@atende/shared';
import { useApi } from '../../../app/api.js';
import { Spinner } from '../../../ui/controls.js';
import { useEditorErrorToast, useEditorToast } from '../editorToast.js';
import { useEditor } from '../editorContext.js';
import { AudioRecorderButton } from './AudioRecorderButton.js';
import { BlockDialog, LabeledField, type BlockDialogProps } from './BlockDialog.js';
import { acceptOf, compressed, fileProblem } from './mediaFiles.js';

interface MediaData {
  url: string;
  record?: boolean;
}

export function MediaDialog({ kind, data, onCancel, onSave }: BlockDialogProps<MediaData> & { kind: FlowMediaKind }) {
  const { t } = useTranslation();
  const { api } = useApi();
  const toast = useEditorToast();
  const failed = useEditorErrorToast();
  const editor = useEditor();
  const [file, setFile] = useState<{ file: File; record: boolean } | null>(null);
  const [uploading, setUploading] = useState(false);
  const block = t(`web.flowEditor.blocks.${kind}`);
  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    const problem = fileProblem(kind, chosen);
    if (problem) return toast.error(t(problem.key, problem.options));
    setFile({ file: chosen, record: false });
  };
  const submit = async () => {
    if (!file) {
      if (data?.url) return onSave(data);
      return toast.error(t('web.flowEditor.content.emptyMedia'));
    }
    setUploading(true);
    try {
      // Video has no upload of its own: the content upload takes every kind.
      // Videos go through /content (the one call that takes their kind).
      const stored = kind === 'video' ? await api.flows.uploadFlowMedia('content', [await compressed(file.file)]) : await api.flows.uploadFlowMedia(kind, [await compressed(file.file)]);
      const url = 'names' in stored ? (stored.names[0] ?? '') : stored.name;
      const signed = 'urls' in stored ? stored.urls[0] : stored.url;
      if (signed) editor.addMediaUrls([url], [signed]);
      onSave(kind === 'audio' ? { url, record: file.record } : { url });
    } catch (error) {
      setUploading(false);
      failed(error);
    }
  };
  return (
    <BlockDialog editing title={t('web.flowEditor.media.editTitle', { block })} onCancel={onCancel} onSubmit={() => void submit()} busy={uploading}>
      {uploading ? (
        <p role="status">
          <Spinner /> {t('web.flowEditor.content.uploading')}
        </p>
      ) : (
        <LabeledField label={t('web.flowEditor.media.file')} name="file">
          {(id) => (
            <>
              <input id={id} type="file" accept={acceptOf(kind)} onChange={(event) => choose(event.target.files?.[0])} />
              {kind === 'audio' ? <AudioRecorderButton onRecorded={(recorded) => setFile({ file: recorded, record: true })} /> : null}
              <span>{file?.file.name ?? (data?.url || t('web.flowEditor.media.none'))}</span>
            </>
          )}
        </LabeledField>
      )}
    </BlockDialog>
  );
}
