/** Volume of the notification chime: a slider from 0 to 1 in steps of 0.1, stored under `volume`. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { VOLUME_STEP } from '../constants.js';
import { storedVolume, storeVolume } from './volume.js';

const Slider = styled.label`
  display: flex;
  flex-direction: column;
  gap: 6px;
  padding: 8px 16px;
  input {
    width: 100%;
    accent-color: ${({ theme }) => theme.accentFill};
  }
`;

export function VolumeControl() {
  const { t } = useTranslation();
  const [volume, setVolume] = useState(storedVolume);
  return (
    <Slider>
      {t('web.topBar.volume')}: {Math.round(volume * 100)}%
      <input
        type="range"
        name="volume"
        min={0}
        max={1}
        step={VOLUME_STEP}
        value={volume}
        onChange={(event) => {
          const next = Number(event.target.value);
          setVolume(next);
          storeVolume(next);
        }}
      />
    </Slider>
  );
}
