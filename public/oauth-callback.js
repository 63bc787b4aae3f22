// The provider sends the customer back here with the answer in the fragment (or the query, for errors).
// Hand it to the page that opened the sign-in, over a channel of our own origin, then close.
(function () {
  var params = {};
  [location.search, location.hash].forEach(function (part) {
    new URLSearchParams(part.replace(/^[?#]/, '')).forEach(function (value, key) {
      params[key] = value;
    });
  });
  // The tokens must not linger in this window's address or history.
  history.replaceState(null, '', location.pathname);
  var channel = new BroadcastChannel('storefront-oauth');
  channel.postMessage({ type: 'oauth-callback', params: params });
  channel.close();
  setTimeout(function () {
    window.close();
  }, 100);
})();
