/**
 * The letters an avatar shows for a name: first and last name's initials
 * ("Maya Brooks" → "MB"), the first two letters of a single name, "?" for none.
 */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]![0], parts[parts.length - 1]![0]] : [parts[0]?.[0], parts[0]?.[1]];
  return letters.filter(Boolean).join("").toUpperCase() || "?";
}
