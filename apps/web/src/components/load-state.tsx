// The member app's screens and the back office show loading and failure the same way: one component in packages/ui.
export { LoadState, RowsSkeleton, type Loadable } from '@mutua/ui/load-state';
