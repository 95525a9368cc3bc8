/* global document */
// Applies the stored theme before the first paint (a classic, render-blocking script in <head>),
// so a light-theme visitor sees no dark flash. External, not inline, to satisfy the server's
// Content-Security-Policy (script-src 'self').
(function () {
  var root = document.documentElement;
  var theme = 'dark';
  try {
    theme = localStorage.getItem('theme') === 'light' ? 'light' : 'dark';
  } catch {
    // Storage disabled: keep the default.
  }
  root.dataset.theme = theme;
  root.style.colorScheme = theme;
})();
