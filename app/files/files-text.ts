/** The words of /admin/files (issue 12 §6, ADR 0084), in one place. Browser-safe. */
export const FILES_TEXT = {
  title: "Files",
  summary: "Storage use, every stored file and who uses it, orphaned files found and removed.",
  lead: "What is in storage: every bucket's files with their type, size, owner and the records that use them, the totals, and the files nothing uses any more.",
  usageTitle: "Usage",
  usageLead: "Counted twice: from the files in storage and from the app's records of what it stored. The two should agree.",
  bucket: "Bucket",
  inStorage: "In storage",
  recorded: "Recorded by the app",
  total: "All buckets",
  agree: "Storage and records agree.",
  disagree: (bucket: string) => `Storage and the app's records disagree for ${bucket}: see the orphans below.`,
  orphansTitle: "Orphaned files",
  orphansLead: "Files no record uses. Removing one deletes its record (if it has one) and the file itself, and is written to the audit log.",
  graceNote: (minutes: number) =>
    `Files written in the last ${minutes} minutes are not offered: an upload in progress writes its file before it saves the record that uses it.`,
  recentSkipped: (count: number) => `${count} recent ${count === 1 ? "file is" : "files are"} not offered yet for that reason.`,
  noOrphans: "No orphaned files. Every stored file is used by a record.",
  orphansShown: (shown: number, total: number) => `Showing the first ${shown} of ${total} orphaned files.`,
  kinds: {
    unrecorded: "File without a record",
    unused: "Recorded, but nothing uses it",
    missing: "Record of a missing file",
  },
  kindHelp: {
    unrecorded: "In storage, but the app has no record of it and no record uses it.",
    unused: "The app recorded this upload, but no song, track, submission or picture uses it.",
    missing: "The app's record says this file exists, but storage does not have it. Removing it deletes the stale record.",
  },
  brokenTitle: "Records that point at missing files",
  brokenLead: "These files are used but missing from storage: nothing here can be removed; the records that use them need a new file.",
  remove: "Remove…",
  removeConfirmTitle: "Remove this orphaned file?",
  removeConfirmLead: "This deletes the file from storage and its record, for good. It is checked again when you confirm: a file that a record uses by then is kept.",
  removeConfirm: "Remove for good",
  cancel: "Keep it",
  removed: (path: string) => `Removed ${path}.`,
  refusedInUse: (uses: string) => `This file is still used (${uses}), so it was kept.`,
  refusedRecent: (minutes: number) => `This file is less than ${minutes} minutes old (an upload may still be saving it), so it was kept.`,
  refusedGone: "There is no such file or record any more: it may have been removed already.",
  unknownBucket: "Unknown bucket.",
  invalidPath: "This is not a valid file path.",
  browseTitle: "Browse a bucket",
  bucketLabel: "Bucket",
  searchLabel: "Path begins with",
  searchHint: "For example catalogue/ or a song's id.",
  show: "Show",
  path: "Path",
  type: "Type",
  size: "Size",
  owner: "Owner",
  usedBy: "Used by",
  uploaded: "Uploaded",
  unused: "Nothing",
  noRecord: "no record",
  unknownOwner: "Unknown",
  deletedOwner: "Deleted account",
  nextPage: "Next page",
  firstPage: "First page",
  emptyBucket: "No files here.",
  emptySearch: "No files begin with this.",
  tableCaption: (bucket: string, prefix: string) => (prefix ? `Files in ${bucket} beginning with ${prefix}` : `Files in ${bucket}`),
  storageError: "Storage could not be read. Try again in a moment.",
} as const;

export const ORPHAN_KINDS = ["unrecorded", "unused", "missing"] as const;
export type OrphanKind = (typeof ORPHAN_KINDS)[number];

/** 1536 -> "1.5 KB" (binary multiples, as a file manager shows them). */
export function humanSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return "–";
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB", "TB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 100 ? Math.round(value) : value.toFixed(1).replace(/\.0$/, "")} ${units[unit]}`;
}
