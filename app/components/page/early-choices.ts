/** A control the visitor changed in server HTML before React hydrated it, its value and its checked state. */
export type EarlyChoice = [HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement, string, boolean];

/**
 * The controls of server HTML that differ from what the server rendered (the visitor chose
 * something before React took the part over), with what they hold.
 */
export function changedControls(root: HTMLElement): EarlyChoice[] {
  const changed: EarlyChoice[] = [];
  for (const control of Array.from(
    root.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>("input, select, textarea"),
  )) {
    const differs =
      control instanceof HTMLSelectElement
        ? Array.from(control.options).some((option) => option.selected !== option.defaultSelected)
        : control instanceof HTMLInputElement && (control.type === "checkbox" || control.type === "radio")
          ? control.checked !== control.defaultChecked
          : control.value !== control.defaultValue;
    if (differs) changed.push([control, control.value, control instanceof HTMLInputElement && control.checked]);
  }
  return changed;
}

// React marks the elements it owns; server HTML still waiting in a dehydrated boundary has none.
const isHydrated = (node: Element) => Object.keys(node).some((key) => key.startsWith("__reactProps"));

/**
 * Puts back what the visitor chose before a deferred part was hydrated (deferred.tsx), through the
 * controls' own events so components update their state: React resets a select to the value it
 * renders when hydrating it (the home calculator's service, picked the moment it became active).
 * Loaded with the part's code, when the part is about to hydrate.
 */
export function restoreEarlyChoices(choices: EarlyChoice[]) {
  for (const [control, value, checked] of choices) {
    // Still server HTML (a part nested in this one): that part puts it back when it hydrates.
    if (!control.isConnected || !isHydrated(control)) continue;
    if (control instanceof HTMLInputElement && (control.type === "checkbox" || control.type === "radio")) {
      if (control.type === "radio" && !checked) continue;
      // A click is what React listens to for these; the opposite set first (through React's own
      // setter) makes the click a change in React's eyes.
      control.checked = !checked;
      control.click();
    } else if (control instanceof HTMLSelectElement) {
      control.value = value;
      control.dispatchEvent(new Event("change", { bubbles: true }));
    } else {
      control.value = "";
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(control) as object, "value")?.set?.call(control, value);
      control.dispatchEvent(new Event("input", { bubbles: true }));
    }
  }
}
