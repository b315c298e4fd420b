import type { ChatPosition } from '@chatbot/common/bots';
import { textColorOn } from '@chatbot/common/contrast';

const EDGE_OFFSET = '20px';

/**
 * The launcher's whole stylesheet, for a shadow root. On a phone the open panel fills the screen and
 * the bubble would sit on its composer (the Send button): it is hidden while open, and the chat's
 * own close button (or Escape) closes it. `:host` declarations are `!important` because
 * inside a shadow tree those beat the host page's rules, so no page style can move or restyle us.
 */
export function launcherCss(position: ChatPosition, themeColor: string): string {
  const [vertical, horizontal] = position.split('-') as ['top' | 'bottom', 'left' | 'right'];
  return `
:host{all:initial!important;position:fixed!important;z-index:2147483000!important;${vertical}:${EDGE_OFFSET}!important;${horizontal}:${EDGE_OFFSET}!important}
.root{display:flex;flex-direction:${vertical === 'bottom' ? 'column' : 'column-reverse'};align-items:${horizontal === 'left' ? 'flex-start' : 'flex-end'};gap:12px;font:14px/1.4 system-ui,sans-serif}
.bubble{position:relative;display:grid;place-items:center;width:56px;height:56px;padding:0;border:0;border-radius:50%;background:${themeColor};color:${textColorOn(themeColor)};box-shadow:0 6px 20px rgba(0,0,0,.25);cursor:pointer}
.bubble:focus-visible{outline:3px solid ${themeColor};outline-offset:3px}
.bubble img{width:36px;height:36px;border-radius:50%;object-fit:cover}
.bubble svg{width:28px;height:28px;fill:currentColor}
.badge{position:absolute;top:-4px;right:-4px;box-sizing:border-box;min-width:20px;height:20px;padding:0 6px;border-radius:10px;background:#dc2626;color:#fff;font:600 12px/20px system-ui,sans-serif}
.panel{width:380px;height:600px;max-width:calc(100vw - 40px);max-height:calc(100vh - 108px);border:0;border-radius:16px;background:#fff;box-shadow:0 12px 40px rgba(0,0,0,.25)}
[hidden]{display:none!important}
@media (max-width:480px){.panel{position:fixed;inset:0;width:100%;height:100%;max-width:none;max-height:none;border-radius:0}.bubble[aria-expanded=true]{display:none}}`;
}

/** A constructed stylesheet is not inline style, so a strict style-src CSP allows it; old browsers get a <style>. */
export function applyStyles(shadow: ShadowRoot, css: string): void {
  if ('adoptedStyleSheets' in shadow && typeof CSSStyleSheet.prototype.replaceSync === 'function') {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    shadow.adoptedStyleSheets = [sheet];
    return;
  }
  const style = document.createElement('style');
  style.textContent = css;
  shadow.append(style);
}
