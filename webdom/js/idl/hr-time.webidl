// High Resolution Time (https://w3c.github.io/hr-time/#sec-performance): dom/hr_time.py.
// WindowOrWorkerGlobalScope's performance is declared on Window, the one global here.

typedef double DOMHighResTimeStamp;
typedef unsigned long long EpochTimeStamp;

[Exposed=(Window,Worker)]
interface Performance : EventTarget {
  DOMHighResTimeStamp now();
  readonly attribute DOMHighResTimeStamp timeOrigin;
  [Default] object toJSON();
};

partial interface Window {
  [Replaceable] readonly attribute Performance performance;
};
