// modal.js: an open modal <dialog> (from the document's live dialog
// collection, kept in the registry), or a visible aria-modal dialog, which
// the walk finds: then the collector runs again knowing it.
import { w } from './state.js';
import { defHidden } from './registry.js';
import { clean, cut, gather, idrefText, vis } from './text.js';

export const bsBackdrop = () => {
  if (w.backdrop === undefined) {
    const b = document.querySelector('body > .modal-backdrop');
    w.backdrop = !!b && vis(b);
  }
  return w.backdrop;
};
export const headingText = (el) => {
  const h = el.querySelector('h1,h2,h3,h4,h5,h6,[role=heading]');
  return h ? gather(h, {}, w.maxText * 2) : '';
};

export function initModal() {
  // modal: an open modal <dialog> (from the document's live dialog
  // collection, kept in the registry), or a visible aria-modal dialog, which
  // the walk finds: then the collector runs again knowing it.
  w.modalEl = w.hint.modal || null; w.ariaModal = null; w.ariaModalZ = 0; w.ariaModalAria = false;
  if (!w.modalEl) {
    if (!(w.R.dialogs instanceof HTMLCollection)) defHidden(w.R, 'dialogs', document.getElementsByTagName('dialog'), false);
    const ds = w.R.dialogs;
    for (let i = 0; i < ds.length; i++) {
      const d = ds[i];
      let m = false;
      try { m = d.open && d.matches(':modal'); } catch (e) { m = false; }
      if (m) w.modalEl = d;
    }
  }
  w.backdrop = undefined;
  if (w.modalEl) {
    w.modal = { label: cut(idrefText(w.modalEl, 'aria-labelledby') || clean(w.modalEl.getAttribute('aria-label')) || headingText(w.modalEl) || 'Dialog') };
  }
}
