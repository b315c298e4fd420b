/** Placeholder for the page loaded in the widget's iframe; later issues render the chat UI here. */
const root = document.getElementById('root');
if (root) {
  root.innerHTML = '<div class="embed-placeholder"><strong>Chat widget</strong><span>Coming soon</span></div>';
}
