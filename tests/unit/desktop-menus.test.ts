import { describe, expect, it } from "vitest";
import {
  CLOSED,
  desktopMenus,
  isMenuOpen,
  type MenuEvent,
  type MenuState,
} from "../../app/components/layout/desktop-menus";

// The desktop dropdowns' state machine (app/components/layout/desktop-menus.ts) under every order of
// pointer and keyboard events across both menus, up to five events long. The pointer is physical:
// it enters a menu only from outside both, and leaves the one it is in.

const MENUS = ["ban-checks", "for-business"] as const;
type Step = MenuEvent;

function* sequences(
  length: number,
  state: MenuState = CLOSED,
  pointer: string | null = null,
  done: Step[] = [],
): Generator<{ steps: Step[]; state: MenuState; pointer: string | null }> {
  yield { steps: done, state, pointer };
  if (length === 0) return;
  for (const id of MENUS) {
    const moves: Step[] = [];
    if (pointer === null) moves.push({ type: "enter", id });
    if (pointer === id) moves.push({ type: "leave", id });
    moves.push({ type: "toggle", id }, { type: "close", id }, { type: "focus-left", id });
    for (const step of moves) {
      const next = desktopMenus(state, step);
      const nextPointer = step.type === "enter" ? id : step.type === "leave" ? null : pointer;
      yield* sequences(length - 1, next, nextPointer, [...done, step]);
    }
  }
}

const describeSteps = (steps: Step[]) => steps.map((step) => `${step.type} ${step.id}`).join(", ") || "(nothing)";

describe("the desktop menus' state", () => {
  it("the reported bug: point at Ban Checks, away, then at For Business: For Business opens", () => {
    let state = desktopMenus(CLOSED, { type: "enter", id: "ban-checks" });
    expect(isMenuOpen(state, "ban-checks")).toBe(true);
    state = desktopMenus(state, { type: "leave", id: "ban-checks" });
    expect(isMenuOpen(state, "ban-checks")).toBe(false);
    state = desktopMenus(state, { type: "enter", id: "for-business" });
    expect(isMenuOpen(state, "for-business")).toBe(true);
  });

  it("in every order of enter, leave, click or Enter, Escape or a chosen link, and focus leaving, across both menus", () => {
    let count = 0;
    for (const { steps, state, pointer } of sequences(5)) {
      count++;
      const what = describeSteps(steps);
      const open = MENUS.filter((id) => isMenuOpen(state, id));
      // At most one menu shows.
      expect(open.length, what).toBeLessThanOrEqual(1);
      const last = steps.at(-1);
      if (!last) continue;
      // Pointing at a menu from outside shows it, whatever happened before.
      if (last.type === "enter") expect(open, what).toEqual([last.id]);
      // Escape or a chosen link hides that menu.
      if (last.type === "close") expect(isMenuOpen(state, last.id), what).toBe(false);
      // A click or Enter shows a hidden menu; on a menu it expanded, it hides it.
      if (last.type === "toggle") {
        const before = steps.slice(0, -1).reduce(desktopMenus, CLOSED);
        expect(isMenuOpen(state, last.id), what).toBe(before.expanded !== last.id);
      }
      // With the pointer outside both and nothing expanded, nothing shows.
      if (pointer === null && state.expanded === null) expect(open, what).toEqual([]);
      // A menu the pointer is in, not closed under it, shows unless the other is expanded.
      if (pointer !== null && state.paused !== pointer && (state.expanded === null || state.expanded === pointer))
        expect(open, what).toEqual([pointer]);
    }
    expect(count).toBeGreaterThan(10_000);
  });
});
