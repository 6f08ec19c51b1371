/**
 * Every kind of admin action the audit log records (ADR 0078), with the words
 * an admin reads in the log. One list, so the log's filter offers exactly the
 * actions that exist and a typo in an action name fails the typecheck.
 *
 * Names are `<target type>.<what happened>`, past tense. Add an entry here
 * before recording a new kind of action. Browser-safe: no server imports.
 */
export const AUDIT_ACTIONS = {
  // Accounts (/admin/users)
  "user.banned": "Suspended an account",
  "user.unbanned": "Lifted a suspension",
  "user.recovery_sent": "Sent a password recovery",
  "user.admin_granted": "Granted admin rights",
  "user.admin_revoked": "Removed admin rights",
  "user.deleted": "Deleted an account",
  // Members (/admin/members)
  "member.role_changed": "Changed a member's role",
  "member.membership_ended": "Ended a membership",
  "member.featured": "Featured a member",
  "member.unfeatured": "Stopped featuring a member",
  // Showcase curation (/admin/showcase)
  "showcase.featured": "Featured a showcase track on the landing page",
  "showcase.unfeatured": "Took a showcase track off the landing page",
  "showcase.reordered": "Reordered the landing page's tracks",
  "showcase.hidden": "Hid a showcase track",
  "showcase.unhidden": "Showed a hidden showcase track again",
  // The catalogue (/admin/catalog, /admin/archive, /admin/audio)
  "song.updated": "Edited a song's details",
  "song.credits_updated": "Edited a song's credits",
  "song.version_added": "Added an alternate version",
  "song.version_removed": "Removed an alternate version",
  "song.featured": "Featured a song",
  "song.unfeatured": "Stopped featuring a song",
  "song.archived": "Archived a song",
  "song.restored": "Restored a song from the archive",
  "song.draft_uploaded": "Uploaded audio as a draft song",
  "song.published": "Published a draft song",
  "song.draft_deleted": "Deleted a draft song",
  "song.split_sheet_overridden": "Overrode a split sheet's credits",
  // Storage (/admin/files)
  "file.orphan_removed": "Removed an orphaned file",
  // Membership decisions (issue 11's admin tools)
  "application.decided": "Decided on an application",
  "application.reviewed": "Rated an application",
  "application.offer_resent": "Resent an offer of membership",
  "application_question.created": "Added an application question",
  "application_question.updated": "Edited an application question",
  "application_question.reordered": "Reordered the application questions",
  "application_question.archived": "Archived an application question",
  "application_question.restored": "Restored an archived application question",
  "application_question.deleted": "Deleted an application question",
  "ar_registration.decided": "Decided on an A&R registration",
  "submission.decided": "Decided on a song submission",
  "hold.decided": "Answered a hold request",
  // Songwriting camps: planning (/admin/camps, ADR 0086)
  "camp.created": "Created a camp",
  "camp.updated": "Edited a camp",
  "camp.room_added": "Added a room to a camp",
  "camp.room_removed": "Removed a room from a camp",
  "camp.slot_added": "Added a session slot to a camp",
  "camp.slot_removed": "Removed a session slot from a camp",
  "camp.invited": "Invited members to a camp",
  "camp.invitation_withdrawn": "Withdrew a camp invitation",
  "camp.role_changed": "Changed someone's camp role",
  // Camp groups (/admin/camps/:campId/schedule, ADR 0087)
  "camp.groups_applied": "Applied suggested groups to a camp's sessions",
  "camp.session_changed": "Changed a camp session's group",
  // Camp split sheets (issue 13, ADR 0090)
  "camp.split_confirmed_for_guest": "Confirmed a split share for a co-writer without an account",
  "camp.split_guest_confirmation_withdrawn": "Withdrew the confirmation of a co-writer without an account",
  "camp.split_sheet_saved": "Saved a camp song's split sheet",
  "camp.song_removed": "Removed a song a camp session wrote",
  // Backups (/admin/backup, ADR 0098)
  "database.backup_downloaded": "Downloaded a backup of the database and files",
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

/** What an entry is about; the archive and the users page read a record's history by type and id. */
export const AUDIT_TARGET_TYPES = {
  user: "Account",
  member: "Member",
  showcase_track: "Showcase track",
  song: "Song",
  file: "File",
  application: "Application",
  application_question: "Application question",
  ar_registration: "A&R registration",
  submission: "Submission",
  hold: "Hold",
  camp: "Camp",
  camp_song: "Camp song",
  database: "Database",
} as const;

export type AuditTargetType = keyof typeof AUDIT_TARGET_TYPES;

export function isAuditAction(value: unknown): value is AuditAction {
  return typeof value === "string" && Object.hasOwn(AUDIT_ACTIONS, value);
}

export function auditActionLabel(action: string): string {
  return isAuditAction(action) ? AUDIT_ACTIONS[action] : action;
}
