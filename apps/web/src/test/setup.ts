// Runs after @mutua/ui/test/jsdom-setup (setupFiles); imported here for its types only (jest-dom's matchers).
import type {} from '@mutua/ui/test/jsdom-setup';

// The member app's screens scroll to what changed; jsdom lays nothing out.
window.scrollTo = () => {};
Element.prototype.scrollIntoView = () => {};
