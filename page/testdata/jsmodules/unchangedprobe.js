// unchangedprobe.js exposes js/unchanged.js to settle_modules_test.go
// over the registry's document id and settle's watcher.
import { watcher } from '../../settle/watch.js';
import { unchanged } from '../../js/unchanged.js';
import { registry } from '../../../internal/js/registry.js';

const docId = () => registry().docId;

// now installs the watcher (the document-start script already did), lets a moment pass, and asks unchanged since
// now for this document (same: true) or another one.
export const now = async (same) => {
  watcher();
  await new Promise((r) => setTimeout(r, 20));
  return unchanged(performance.now(), same ? docId() : 'another');
};

// since asks unchanged since a mark taken before a change.
export const since = async () => {
  watcher();
  const mark = performance.now();
  await new Promise((r) => setTimeout(r, 5));
  document.body.appendChild(document.createElement('p'));
  await new Promise((r) => setTimeout(r, 5));
  return unchanged(mark, docId());
};

// pending asks unchanged while a request is in flight.
export const pending = () => {
  const w = watcher(), key = {};
  w.pending.set(key, performance.now());
  try { return unchanged(performance.now(), docId()); } finally { w.pending.delete(key); }
};

export const notANumber = () => unchanged('1', docId());
