/** What the floating chat button must never sit on: controls, links and headings. */
const COVERED =
  "a[href], button, input, select, textarea, summary, label, [role='button'], [tabindex]:not([tabindex='-1']), h1, h2, h3, h4, h5, h6";

/**
 * Tells `onChange` whether the chat button (the landmark's link) lies over any line of a link, a
 * control or a heading, checked once per frame while the page scrolls, resizes or changes under
 * a still button (an FAQ opening, a form's errors). Returns the function that stops watching.
 */
export function stepAsideWhileCovering(landmark: HTMLElement, onChange: (covering: boolean) => void): () => void {
  let frame = 0;
  const check = () => {
    frame = 0;
    const button = landmark.querySelector("a");
    if (button) onChange(coversContent(button, landmark));
  };
  const schedule = () => {
    if (!frame) frame = window.requestAnimationFrame(check);
  };
  schedule();
  window.addEventListener("scroll", schedule, { passive: true });
  window.addEventListener("resize", schedule);
  document.addEventListener("toggle", schedule, true);
  document.addEventListener("click", schedule);
  return () => {
    if (frame) window.cancelAnimationFrame(frame);
    window.removeEventListener("scroll", schedule);
    window.removeEventListener("resize", schedule);
    document.removeEventListener("toggle", schedule, true);
    document.removeEventListener("click", schedule);
  };
}

/** True when a link, control or heading (any line of it) lies under the button. */
function coversContent(button: HTMLElement, landmark: HTMLElement): boolean {
  const box = button.getBoundingClientRect();
  if (box.width === 0) return false;
  const margin = 4;
  const overlaps = (rect: DOMRect) =>
    rect.width > 0 &&
    rect.height > 0 &&
    rect.left < box.right + margin &&
    rect.right > box.left - margin &&
    rect.top < box.bottom + margin &&
    rect.bottom > box.top - margin;
  for (const element of Array.from(document.querySelectorAll(COVERED))) {
    if (landmark.contains(element) || !overlaps(element.getBoundingClientRect())) continue;
    // Per line, for text that wraps (a link in a sentence).
    if (Array.from(element.getClientRects()).some(overlaps) && getComputedStyle(element).visibility !== "hidden")
      return true;
  }
  return false;
}
