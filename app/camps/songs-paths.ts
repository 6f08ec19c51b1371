/** Addresses of the session page and a camp song's audio (issue 13 §4, ADR 0090). Browser-safe. */
export const sessionPath = (campId: string, sessionId: string) => `/camps/${campId}/sessions/${sessionId}`;
export const campSongAudioUrlPath = (campSongId: string) => `/api/camps/songs/${campSongId}/audio-url`;
/** Where a camp song's rough audio is stored, bucket "audio" (the upload adds the format's extension). */
export const campSongAudioPath = (campId: string, campSongId: string, stamp?: string) =>
  `camps/${campId}/${campSongId}${stamp ? `-${stamp}` : ""}`;
