import { describe, expect, it } from "vitest";
import {
  concatFloat32,
  downmix,
  encodeWav,
  floatTo16BitPcm,
  formatElapsed,
  readWavHeader,
  WAV_HEADER_BYTES,
} from "@/domain/wav";

const ascii = (b: Uint8Array, o: number, n = 4) => String.fromCharCode(...b.subarray(o, o + n));

describe("encodeWav", () => {
  it("writes a correct RIFF/WAVE header for 16-bit mono PCM", () => {
    const samples = new Float32Array([0, 0.5, -0.5, 1, -1]);
    const bytes = encodeWav([samples], 16_000);
    const v = new DataView(bytes.buffer);
    expect(bytes.length).toBe(WAV_HEADER_BYTES + samples.length * 2);
    expect(ascii(bytes, 0)).toBe("RIFF");
    expect(v.getUint32(4, true)).toBe(bytes.length - 8);
    expect(ascii(bytes, 8)).toBe("WAVE");
    expect(ascii(bytes, 12)).toBe("fmt ");
    expect(v.getUint32(16, true)).toBe(16);
    expect(v.getUint16(20, true)).toBe(1);
    expect(v.getUint16(22, true)).toBe(1);
    expect(v.getUint32(24, true)).toBe(16_000);
    expect(v.getUint32(28, true)).toBe(32_000);
    expect(v.getUint16(32, true)).toBe(2);
    expect(v.getUint16(34, true)).toBe(16);
    expect(ascii(bytes, 36)).toBe("data");
    expect(v.getUint32(40, true)).toBe(10);
  });

  it("stores samples as little-endian 16-bit integers", () => {
    const bytes = encodeWav([new Float32Array([0, 0.5, -0.5, 1, -1])], 8000);
    const v = new DataView(bytes.buffer);
    const pcm = [0, 1, 2, 3, 4].map((i) => v.getInt16(44 + i * 2, true));
    expect(pcm).toEqual([0, 16384, -16384, 32767, -32768]);
  });

  it("interleaves two channels frame by frame", () => {
    const bytes = encodeWav([new Float32Array([1, 0]), new Float32Array([-1, 0.5])], 44_100);
    const v = new DataView(bytes.buffer);
    expect(v.getUint16(22, true)).toBe(2);
    expect(v.getUint16(32, true)).toBe(4);
    expect(v.getUint32(28, true)).toBe(44_100 * 4);
    expect([0, 1, 2, 3].map((i) => v.getInt16(44 + i * 2, true))).toEqual([32767, -32768, 0, 16384]);
  });

  it("clamps out-of-range and non-finite samples", () => {
    expect(floatTo16BitPcm(2)).toBe(32767);
    expect(floatTo16BitPcm(-3)).toBe(-32768);
    expect(floatTo16BitPcm(Number.NaN)).toBe(0);
  });

  it("refuses no channels and invalid rates", () => {
    expect(() => encodeWav([], 16_000)).toThrow();
    expect(() => encodeWav([new Float32Array(1)], 0)).toThrow();
  });

  it("round-trips through readWavHeader with the duration", () => {
    const bytes = encodeWav([new Float32Array(16_000 * 2)], 16_000);
    expect(readWavHeader(bytes)).toEqual({
      numChannels: 1,
      sampleRate: 16_000,
      bitsPerSample: 16,
      dataBytes: 64_000,
      durationMs: 2000,
    });
    expect(readWavHeader(new TextEncoder().encode("not a wav file at all, just some text here!!!"))).toBeNull();
  });
});

describe("helpers", () => {
  it("downmixes channels by averaging", () => {
    expect([...downmix([new Float32Array([1, 0]), new Float32Array([0, 0.5])])]).toEqual([0.5, 0.25]);
  });
  it("concatenates chunks", () => {
    expect([...concatFloat32([new Float32Array([1]), new Float32Array([2, 3])])]).toEqual([1, 2, 3]);
  });
  it("formats the recorder timer as m:ss", () => {
    expect(formatElapsed(0)).toBe("0:00");
    expect(formatElapsed(7_900)).toBe("0:07");
    expect(formatElapsed(65_000)).toBe("1:05");
    expect(formatElapsed(720_000)).toBe("12:00");
  });
});
