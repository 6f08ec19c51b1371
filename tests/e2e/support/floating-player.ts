/**
 * The floating player as the player specs drive it (player.spec.ts,
 * player-keys.spec.ts): its region, its <audio>, what that element is doing,
 * and a check that it really plays (time moves).
 */
import { expect, type Page } from "@playwright/test";

export const player = (page: Page) => page.getByRole("region", { name: "Audio player" });
export const audio = (page: Page) => page.locator("audio[data-player-audio]");

export async function audioState(page: Page) {
  return audio(page).evaluate((element: HTMLAudioElement) => ({
    paused: element.paused,
    currentTime: element.currentTime,
    duration: element.duration,
    volume: element.volume,
    src: element.getAttribute("src"),
  }));
}

export async function expectPlaying(page: Page) {
  await expect.poll(async () => (await audioState(page)).paused, { message: "audio should be playing" }).toBe(false);
  const start = (await audioState(page)).currentTime;
  await expect.poll(async () => (await audioState(page)).currentTime, { message: "time should move" }).toBeGreaterThan(start);
}
