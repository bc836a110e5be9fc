/**
 * Voice recording for the composer (document 1 section 4): microphone PCM through Web Audio (an
 * AudioWorklet, or a ScriptProcessor where worklets are missing), encoded while it is recorded to
 * mono MP3 at 128 kbps by lamejs, which is loaded only when a recording starts (its own chunk).
 */
import { AUDIO_MIN_BYTES, MP3_KBPS } from '../../app/constants.js';

/** Rates lamejs encodes at 128 kbps (MPEG-1 and MPEG-2); a context at another rate is asked for 48 kHz. */
const MP3_SAMPLE_RATES = [16_000, 22_050, 24_000, 32_000, 44_100, 48_000];
const FALLBACK_SAMPLE_RATE = 48_000;
/** ScriptProcessor block (about 85 ms at 48 kHz). */
const SCRIPT_BLOCK = 4096;

/** The rate to encode a context's samples at, or the one to ask of a new context. */
export function mp3SampleRate(contextRate: number): number {
  return MP3_SAMPLE_RATES.includes(contextRate) ? contextRate : FALLBACK_SAMPLE_RATE;
}

/** Recordings under 10000 bytes are discarded. */
export function keepsRecording(bytes: number): boolean {
  return bytes >= AUDIO_MIN_BYTES;
}

export function audioFileName(at: Date): string {
  return `audio-${at.getTime()}.mp3`;
}

/** m:ss of a recording's length. */
export function formatElapsed(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Web Audio samples (-1 to 1) as the 16-bit PCM lamejs takes, clipped. */
export function toPcm16(samples: Float32Array): Int16Array {
  const pcm = new Int16Array(samples.length);
  for (let index = 0; index < samples.length; index += 1) {
    const sample = Math.max(-1, Math.min(1, samples[index]!));
    pcm[index] = sample < 0 ? sample * 0x8000 : sample * 0x7fff;
  }
  return pcm;
}

export interface Mp3Writer {
  write(samples: Float32Array): void;
  /** The whole recording as audio/mpeg; nothing is written after it. */
  finish(): Blob;
}

/** Loads lamejs and gives a maker of mono 128 kbps writers. */
export async function loadMp3Encoder(): Promise<(sampleRate: number) => Mp3Writer> {
  const { Mp3Encoder } = await import('@breezystack/lamejs');
  return (sampleRate) => {
    const encoder = new Mp3Encoder(1, sampleRate, MP3_KBPS);
    const frames: Uint8Array<ArrayBuffer>[] = [];
    // lamejs answers fresh arrays over their own buffers (its typings leave the buffer open).
    const keep = (bytes: Uint8Array) => frames.push(bytes as Uint8Array<ArrayBuffer>);
    return {
      write: (samples) => keep(encoder.encodeBuffer(toPcm16(samples))),
      finish: () => {
        keep(encoder.flush());
        return new Blob(frames, { type: 'audio/mpeg' });
      },
    };
  };
}

/** The microphone could not be had: refused (by the user or the browser) or missing. */
export class MicrophoneError extends Error {
  constructor(
    readonly reason: 'denied' | 'unavailable',
    options?: ErrorOptions,
  ) {
    super(`microphone ${reason}`, options);
  }
}

/** What a failed getUserMedia means for the user. */
export function microphoneProblem(error: unknown): MicrophoneError {
  const name = error instanceof DOMException ? error.name : '';
  return new MicrophoneError(name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'unavailable', { cause: error });
}

async function openMicrophone(): Promise<MediaStream> {
  try {
    // Missing on insecure origins and in browsers without capture.
    if (!navigator.mediaDevices?.getUserMedia) throw new DOMException('no media capture', 'NotSupportedError');
    return await navigator.mediaDevices.getUserMedia({ audio: true });
  } catch (error) {
    throw microphoneProblem(error);
  }
}

/** Worklet that posts each block of its input (down-mixed to mono by the node) to the page. */
const TAP_WORKLET = `registerProcessor('pcm-tap', class extends AudioWorkletProcessor {
  process(inputs) {
    const block = inputs[0][0];
    if (block) {
      const copy = block.slice();
      this.port.postMessage(copy, [copy.buffer]);
    }
    return true;
  }
});`;

/** Feeds the source's mono samples to `onSamples`; the answer stops it. */
async function tap(context: AudioContext, source: AudioNode, onSamples: (samples: Float32Array) => void): Promise<() => void> {
  if (typeof AudioWorkletNode === 'function' && context.audioWorklet) {
    const url = URL.createObjectURL(new Blob([TAP_WORKLET], { type: 'text/javascript' }));
    try {
      await context.audioWorklet.addModule(url);
    } finally {
      URL.revokeObjectURL(url);
    }
    const node = new AudioWorkletNode(context, 'pcm-tap', { numberOfInputs: 1, numberOfOutputs: 0, channelCount: 1, channelCountMode: 'explicit' });
    node.port.onmessage = (event: MessageEvent<Float32Array>) => onSamples(event.data);
    source.connect(node);
    return () => {
      node.port.onmessage = null;
      source.disconnect();
    };
  }
  // A ScriptProcessor runs only when it reaches the output: through a muted gain, so nothing echoes.
  const processor = context.createScriptProcessor(SCRIPT_BLOCK, 1, 1);
  const mute = context.createGain();
  mute.gain.value = 0;
  processor.onaudioprocess = (event) => onSamples(event.inputBuffer.getChannelData(0));
  source.connect(processor);
  processor.connect(mute);
  mute.connect(context.destination);
  return () => {
    processor.onaudioprocess = null;
    source.disconnect();
    processor.disconnect();
    mute.disconnect();
  };
}

/** A context whose rate lamejs encodes. */
async function mp3Context(): Promise<AudioContext> {
  const context = new AudioContext();
  const rate = mp3SampleRate(context.sampleRate);
  if (rate === context.sampleRate) return context;
  await context.close();
  return new AudioContext({ sampleRate: rate });
}

export interface Recording {
  /** Ends the capture and gives the MP3 recorded. */
  stop(): Blob;
  /** Ends the capture and drops what was recorded. */
  cancel(): void;
}

/** Opens the microphone and records until stopped; every track is stopped at the end. */
export async function startRecording(): Promise<Recording> {
  const [microphone, encoder] = await Promise.allSettled([openMicrophone(), loadMp3Encoder()]);
  if (microphone.status === 'rejected') throw microphone.reason;
  const stream = microphone.value;
  const stopTracks = () => stream.getTracks().forEach((track) => track.stop());
  let context: AudioContext | null = null;
  try {
    if (encoder.status === 'rejected') throw encoder.reason;
    context = await mp3Context();
    const writer = encoder.value(context.sampleRate);
    const untap = await tap(context, context.createMediaStreamSource(stream), (samples) => writer.write(samples));
    const opened = context;
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      untap();
      stopTracks();
      void opened.close();
    };
    return {
      stop() {
        end();
        return writer.finish();
      },
      cancel: end,
    };
  } catch (error) {
    stopTracks();
    void context?.close();
    throw error;
  }
}
