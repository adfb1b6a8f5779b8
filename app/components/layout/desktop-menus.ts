/**
 * The desktop dropdowns' state, one for both menus, so every order of pointer and keyboard events
 * across them ends the same way. A menu shows when its button expanded it (Enter, Space, a click)
 * or while the pointer is over it, unless it was just closed under the pointer (a link chosen,
 * Escape, a second click): then pointing opens it again only after the pointer has left. At most
 * one menu shows: pointing at or expanding one collapses the other.
 */
export type MenuState = { expanded: string | null; hovered: string | null; paused: string | null };
export type MenuEvent = { type: "enter" | "leave" | "toggle" | "close" | "focus-left"; id: string };
export const CLOSED: MenuState = { expanded: null, hovered: null, paused: null };

export function isMenuOpen(state: MenuState, id: string) {
  return state.expanded === id || (state.expanded === null && state.hovered === id && state.paused !== id);
}

export function desktopMenus(state: MenuState, { type, id }: MenuEvent): MenuState {
  switch (type) {
    case "enter":
      return { hovered: id, paused: null, expanded: state.expanded === id ? id : null };
    case "leave":
      return {
        ...state,
        hovered: state.hovered === id ? null : state.hovered,
        paused: state.paused === id ? null : state.paused,
      };
    case "toggle":
      // Open only by pointing: the click keeps it open. Expanded: the click closes it.
      return state.expanded === id
        ? { ...state, expanded: null, paused: id }
        : { ...state, expanded: id, paused: null };
    case "close":
      return { ...state, expanded: state.expanded === id ? null : state.expanded, paused: id };
    case "focus-left":
      return state.expanded === id ? { ...state, expanded: null } : state;
  }
}
