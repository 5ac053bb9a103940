/**
 * WAV encoding for voice recordings (spec section 3: recorded audio is a WAV file named recording.wav).
 * Browsers record compressed audio (webm/opus, mp4/aac); the recorder decodes it to PCM samples and
 * these pure functions write them as 16-bit little-endian PCM in a RIFF/WAVE container.
 */

export const WAV_MIME = "audio/wav";
export const WAV_HEADER_BYTES = 44;
/** Speech is transcribed well at 16 kHz mono, and a 10 MB file then holds over five minutes. */
export const SPEECH_SAMPLE_RATE = 16_000;

function writeAscii(view: DataView, offset: number, s: string) {
  for (let i = 0; i < s.length; i++) view.setUint8(offset + i, s.charCodeAt(i));
}

/** Float samples in [-1, 1] (clamped) to signed 16-bit integers. */
export function floatTo16BitPcm(sample: number): number {
  const s = Number.isFinite(sample) ? Math.max(-1, Math.min(1, sample)) : 0;
  return s < 0 ? Math.round(s * 0x8000) : Math.round(s * 0x7fff);
}

/**
 * Encodes channels of float PCM (each a Float32Array of equal length) as a 16-bit WAV file.
 * Channels are interleaved frame by frame, as the format requires.
 */
export function encodeWav(channels: readonly Float32Array[], sampleRate: number): Uint8Array {
  if (channels.length === 0) throw new RangeError("at least one channel is needed");
  if (!Number.isInteger(sampleRate) || sampleRate <= 0) throw new RangeError("sample rate must be a positive integer");
  const frames = Math.min(...channels.map((c) => c.length));
  const numChannels = channels.length;
  const bytesPerSample = 2;
  const blockAlign = numChannels * bytesPerSample;
  const dataBytes = frames * blockAlign;
  const buffer = new ArrayBuffer(WAV_HEADER_BYTES + dataBytes);
  const view = new DataView(buffer);

  writeAscii(view, 0, "RIFF");
  view.setUint32(4, 36 + dataBytes, true); // size of everything after this field
  writeAscii(view, 8, "WAVE");
  writeAscii(view, 12, "fmt ");
  view.setUint32(16, 16, true); // fmt chunk size for PCM
  view.setUint16(20, 1, true); // audio format 1 = PCM
  view.setUint16(22, numChannels, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * blockAlign, true); // byte rate
  view.setUint16(32, blockAlign, true);
  view.setUint16(34, bytesPerSample * 8, true); // bits per sample
  writeAscii(view, 36, "data");
  view.setUint32(40, dataBytes, true);

  let offset = WAV_HEADER_BYTES;
  for (let i = 0; i < frames; i++) {
    for (let ch = 0; ch < numChannels; ch++) {
      view.setInt16(offset, floatTo16BitPcm(channels[ch]![i]!), true);
      offset += bytesPerSample;
    }
  }
  return new Uint8Array(buffer);
}

/** Averages channels into one (mono) channel. */
export function downmix(channels: readonly Float32Array[]): Float32Array {
  if (channels.length === 1) return channels[0]!;
  const frames = Math.min(...channels.map((c) => c.length));
  const out = new Float32Array(frames);
  for (let i = 0; i < frames; i++) {
    let sum = 0;
    for (const c of channels) sum += c[i]!;
    out[i] = sum / channels.length;
  }
  return out;
}

/** Joins recorded chunks into one array. */
export function concatFloat32(chunks: readonly Float32Array[]): Float32Array {
  const total = chunks.reduce((n, c) => n + c.length, 0);
  const out = new Float32Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

export interface WavInfo {
  numChannels: number;
  sampleRate: number;
  bitsPerSample: number;
  dataBytes: number;
  durationMs: number;
}

/** Reads the header of a PCM WAV file made by encodeWav; null when it is not one. */
export function readWavHeader(bytes: Uint8Array): WavInfo | null {
  if (bytes.length < WAV_HEADER_BYTES) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const ascii = (o: number) => String.fromCharCode(...bytes.subarray(o, o + 4));
  if (ascii(0) !== "RIFF" || ascii(8) !== "WAVE" || ascii(12) !== "fmt " || ascii(36) !== "data") return null;
  if (view.getUint16(20, true) !== 1) return null;
  const numChannels = view.getUint16(22, true);
  const sampleRate = view.getUint32(24, true);
  const bitsPerSample = view.getUint16(34, true);
  const dataBytes = view.getUint32(40, true);
  const frameBytes = numChannels * (bitsPerSample / 8);
  return {
    numChannels,
    sampleRate,
    bitsPerSample,
    dataBytes,
    durationMs: frameBytes ? (dataBytes / frameBytes / sampleRate) * 1000 : 0,
  };
}

/** m:ss for the recorder's timer ("0:07", "1:05", "12:00"). */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const m = Math.floor(total / 60);
  const s = total % 60;
  return `${m}:${String(s).padStart(2, "0")}`;
}
