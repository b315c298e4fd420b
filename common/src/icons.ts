// The widget's icons as 24 × 24 SVG paths, filled with the text colour: the loader's launcher, the
// chat's send button, and the bot editor's preview of both (client/src/features/editor/WidgetPreview.tsx).

/** The launcher's speech bubble, shown when the bot has no icon of its own. */
export const CHAT_ICON_PATH = 'M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2z';

/** The send button's paper plane. */
export const SEND_ICON_PATH = 'M3 20l18-8L3 4v6l12 2-12 2z';
