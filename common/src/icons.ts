// The widget's icons as 24 × 24 SVG paths, filled with the text colour: the loader's launcher, the
// chat's send button, and the bot editor's preview of both (client/src/features/editor/WidgetPreview.tsx).

/** The launcher's speech bubble, shown when the bot has no icon of its own. */
export const CHAT_ICON_PATH = 'M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2z';

/** The send button's paper plane. */
export const SEND_ICON_PATH = 'M3 20l18-8L3 4v6l12 2-12 2z';

/** The rating buttons under an answer: a thumb up and a thumb down. */
export const THUMB_UP_ICON_PATH =
  'M7 10v12H4a2 2 0 0 1-2-2v-8a2 2 0 0 1 2-2h3zm2 0 3.6-7.2A2.2 2.2 0 0 1 16.7 4L16 9h4.6a2 2 0 0 1 2 2.4l-1.7 8.8A2.2 2.2 0 0 1 18.7 22H9z';
export const THUMB_DOWN_ICON_PATH =
  'M17 14V2h3a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2h-3zm-2 0-3.6 7.2A2.2 2.2 0 0 1 7.3 20L8 15H3.4a2 2 0 0 1-2-2.4l1.7-8.8A2.2 2.2 0 0 1 5.3 2H15z';
