/** Text or an attribute value put into HTML the server writes (the login page, the SPA's page). */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
