/**
 * The device's performance profile (SPEC §4), kept current, and written onto
 * <html> as data-perf="high|medium|low", data-motion="reduced|full" and
 * data-blur="off|on" (app/styles/global.css.ts and the components' styles key
 * on them). Used by the enhancement layer, which renders only in the browser
 * after hydration.
 */
import { useEffect, useState } from "react";
import type { DeviceProfile } from "./performance-level";
import {
  FINE_POINTER_QUERY,
  HOVER_QUERY,
  REDUCED_MOTION_QUERY,
  applyDeviceProfile,
  networkInformation,
  readDeviceProfile,
} from "./read-device";

function sameProfile(a: DeviceProfile, b: DeviceProfile): boolean {
  return (Object.keys(a) as (keyof DeviceProfile)[]).every((key) => a[key] === b[key]);
}

export function useDeviceProfile(): DeviceProfile {
  const [profile, setProfile] = useState(readDeviceProfile);

  useEffect(() => {
    // Resizing fires many events a frame: read once per frame, and keep the same object when
    // nothing changed (no re-render).
    let frame = 0;
    const update = () => {
      window.cancelAnimationFrame(frame);
      frame = window.requestAnimationFrame(() => {
        const next = readDeviceProfile();
        setProfile((current) => (sameProfile(current, next) ? current : next));
      });
    };
    update(); // anything that changed between the first render and now

    window.addEventListener("resize", update);
    const queries = typeof window.matchMedia === "function" ? [REDUCED_MOTION_QUERY, FINE_POINTER_QUERY, HOVER_QUERY].map((query) => window.matchMedia(query)) : [];
    for (const query of queries) query.addEventListener?.("change", update);
    const connection = networkInformation();
    connection?.addEventListener?.("change", update);
    return () => {
      window.cancelAnimationFrame(frame);
      window.removeEventListener("resize", update);
      for (const query of queries) query.removeEventListener?.("change", update);
      connection?.removeEventListener?.("change", update);
    };
  }, []);

  useEffect(() => applyDeviceProfile(document.documentElement, profile), [profile]);

  return profile;
}
