import { expect } from 'chai';
import { AUDIO_MIN_BYTES } from '../src/app/constants.js';
import { audioFileName, formatElapsed, keepsRecording, loadMp3Encoder, microphoneProblem, mp3SampleRate, toPcm16 } from '../src/pages/tickets/audioRecorder.js';

/** A 440 Hz tone as Web Audio gives it, in blocks of 128 frames. */
function tone(sampleRate: number, seconds: number): Float32Array[] {
  const total = Math.round(sampleRate * seconds);
  const blocks: Float32Array[] = [];
  for (let start = 0; start < total; start += 128) {
    blocks.push(Float32Array.from({ length: Math.min(128, total - start) }, (_, index) => 0.5 * Math.sin((2 * Math.PI * 440 * (start + index)) / sampleRate)));
  }
  return blocks;
}

async function record(sampleRate: number, seconds: number): Promise<Blob> {
  const writer = (await loadMp3Encoder())(sampleRate);
  for (const block of tone(sampleRate, seconds)) writer.write(block);
  return writer.finish();
}

/** MPEG-1 layer III bitrates by header index (kbps). */
const MPEG1_L3_KBPS = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];

describe('audio recorder', () => {
  it('keeps recordings of 10000 bytes or more', () => {
    expect(AUDIO_MIN_BYTES).to.equal(10_000);
    expect(keepsRecording(9_999)).to.equal(false);
    expect(keepsRecording(10_000)).to.equal(true);
  });

  it('encodes a 2 s recording as mono MP3 frames at 128 kbps, the context rate kept', async () => {
    const mp3 = await record(48_000, 2);
    expect(mp3.type).to.equal('audio/mpeg');
    const bytes = new Uint8Array(await mp3.arrayBuffer());
    // Frame sync, MPEG-1 layer III; then bitrate 128, 48 kHz; channel mode mono.
    expect([bytes[0], bytes[1]! & 0xfe]).to.deep.equal([0xff, 0xfa]);
    expect(MPEG1_L3_KBPS[bytes[2]! >> 4]).to.equal(128);
    expect((bytes[2]! >> 2) & 0x3).to.equal(1);
    expect(bytes[3]! >> 6).to.equal(3);
    // 128 kbps is 16000 bytes a second.
    expect(mp3.size).to.be.within(30_000, 34_000);
    expect(keepsRecording(mp3.size)).to.equal(true);
  });

  it('finds a recording stopped at once too short', async () => {
    expect(keepsRecording((await record(44_100, 0.1)).size)).to.equal(false);
  });

  it('encodes at the context rate when MP3 has it, else asks for 48 kHz', () => {
    expect(mp3SampleRate(44_100)).to.equal(44_100);
    expect(mp3SampleRate(48_000)).to.equal(48_000);
    expect(mp3SampleRate(96_000)).to.equal(48_000);
    expect(mp3SampleRate(8_000)).to.equal(48_000);
  });

  it('turns Web Audio samples into clipped 16-bit PCM', () => {
    expect(Array.from(toPcm16(Float32Array.from([0, 1, -1, 2, -2, 0.5, -0.5])))).to.deep.equal([0, 32767, -32768, 32767, -32768, 16383, -16384]);
  });

  it('names the file and shows the elapsed time', () => {
    expect(audioFileName(new Date(1_700_000_000_123))).to.equal('audio-1700000000123.mp3');
    expect(formatElapsed(-40)).to.equal('0:00');
    expect(formatElapsed(2_999)).to.equal('0:02');
    expect(formatElapsed(65_400)).to.equal('1:05');
  });

  it('tells a refused microphone from a missing one', () => {
    expect(microphoneProblem(new DOMException('denied', 'NotAllowedError')).reason).to.equal('denied');
    expect(microphoneProblem(new DOMException('insecure', 'SecurityError')).reason).to.equal('denied');
    expect(microphoneProblem(new DOMException('none', 'NotFoundError')).reason).to.equal('unavailable');
    expect(microphoneProblem(new DOMException('busy', 'NotReadableError')).reason).to.equal('unavailable');
  });
});
