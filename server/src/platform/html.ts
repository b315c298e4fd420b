/** Text made safe to place in HTML, between tags or in a quoted attribute. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
