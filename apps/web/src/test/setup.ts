// The member app's screens scroll to what changed; jsdom lays nothing out.
window.scrollTo = () => {};
Element.prototype.scrollIntoView = () => {};
