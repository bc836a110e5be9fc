/** /helps (document 2 section 2): a grid of video cards, the count in the title, a modal with the video (Escape closes it). */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Help } from '@atende/shared';
import { useApi } from '../../app/api.js';
import { Spinner } from '../../ui/controls.js';
import { Dialog } from '../../ui/Dialog.js';
import { PageFrame, PageHeader } from '../../ui/Page.js';
import { useErrorToast } from '../../ui/toast.js';
import { videoEmbedUrl, videoThumbnail } from './video.js';

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(240px, 1fr));
  gap: 16px;
  overflow: auto;
`;

const Card = styled.button`
  display: flex;
  flex-direction: column;
  gap: 6px;
  padding: 0 0 12px;
  text-align: left;
  cursor: pointer;
  overflow: hidden;
  background: ${({ theme }) => theme.paper};
  color: ${({ theme }) => theme.text};
  border: 1px solid ${({ theme }) => theme.border};
  border-radius: 8px;
  img,
  .placeholder {
    width: 100%;
    aspect-ratio: 16 / 9;
    object-fit: cover;
    background: ${({ theme }) => theme.border};
  }
  strong,
  span {
    padding: 0 12px;
  }
`;

const Frame = styled.iframe`
  width: 100%;
  aspect-ratio: 16 / 9;
  border: 0;
`;

export default function HelpsPage() {
  const { t } = useTranslation();
  const { api } = useApi();
  const showError = useErrorToast();
  const [helps, setHelps] = useState<Help[] | null>(null);
  const [playing, setPlaying] = useState<Help | null>(null);

  useEffect(() => {
    api.helps.list().then(setHelps, showError);
  }, [api, showError]);

  return (
    <PageFrame>
      <PageHeader title={t('web.backoffice.helps.title', { count: helps?.length ?? 0 })} />
      {helps === null ? <Spinner $size={24} /> : null}
      <Grid>
        {(helps ?? []).map((help) => {
          const thumbnail = videoThumbnail(help.video);
          return (
            <Card key={help.id} data-help={help.title} onClick={() => setPlaying(help)}>
              {thumbnail ? <img src={thumbnail} alt="" loading="lazy" /> : <div className="placeholder" />}
              <strong>{help.title}</strong>
              <span>{help.description}</span>
            </Card>
          );
        })}
      </Grid>
      {playing ? (
        <Dialog title={playing.title} onClose={() => setPlaying(null)} width={860}>
          <Frame src={videoEmbedUrl(playing.video)} title={playing.title} allow="autoplay; encrypted-media; picture-in-picture" allowFullScreen />
        </Dialog>
      ) : null}
    </PageFrame>
  );
}
