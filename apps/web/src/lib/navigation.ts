/**
 * Whether going back stays in the app: react-router's browser history keeps its own index in
 * `history.state.idx` (0 = the first entry of this visit, or one that replaced it).
 */
export function hasAppHistory(): boolean {
  return ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
}
