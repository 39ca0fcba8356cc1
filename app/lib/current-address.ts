/**
 * The query string of the page's address as it is now. React Router renders a navigation as a
 * transition, after the address has changed, so what the last render read (useSearchParams,
 * and the updater its setter calls) can be a step behind. A change made in between, such as a
 * second filter chosen right after the first, must start from the address itself, or it
 * brings back what the step before it removed. For event handlers only (it reads `window`).
 */
export function currentSearchParams(): URLSearchParams {
  return new URLSearchParams(window.location.search);
}
