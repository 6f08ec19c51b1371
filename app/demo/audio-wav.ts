/**
 * WAV (RIFF, 16-bit PCM) encoding of rendered demo audio: the format every
 * browser plays and the one the upload path decodes for waveform peaks.
 */

export function encodeWav(samples: Float32Array, sampleRate: number): Uint8Array {
  const dataLength = samples.length * 2;
  const bytes = new Uint8Array(44 + dataLength);
  const view = new DataView(bytes.buffer);
  const text = (offset: number, value: string) => {
    for (let i = 0; i < value.length; i++) bytes[offset + i] = value.charCodeAt(i);
  };
  text(0, "RIFF");
  view.setUint32(4, 36 + dataLength, true);
  text(8, "WAVE");
  text(12, "fmt ");
  view.setUint32(16, 16, true); // fmt chunk size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true); // byte rate
  view.setUint16(32, 2, true); // block align
  view.setUint16(34, 16, true); // bits per sample
  text(36, "data");
  view.setUint32(40, dataLength, true);
  // Int16Array writes in the platform's byte order; WAV wants little-endian (x86 and ARM Node are).
  const pcm = new Int16Array(bytes.buffer, 44, samples.length);
  for (let i = 0; i < samples.length; i++) {
    const value = samples[i];
    // The typed array truncates; adding 0.5 with the sign rounds to nearest.
    pcm[i] = value >= 1 ? 32767 : value <= -1 ? -32767 : value * 32767 + (value < 0 ? -0.5 : 0.5);
  }
  return bytes;
}
