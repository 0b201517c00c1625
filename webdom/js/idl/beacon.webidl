// Beacon (https://w3c.github.io/beacon/#sec-sendBeacon-method): dom/html/navigator.py checks the
// URL and the data, then answers false (nothing is queued: no network).

partial interface Navigator {
  boolean sendBeacon(USVString url, optional BodyInit? data = null);
};
