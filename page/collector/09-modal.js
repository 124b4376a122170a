    // ---- modal: an open modal <dialog> (from the document's live dialog
    // collection, kept in the registry), or a visible aria-modal dialog, which
    // the walk finds: then the collector runs again knowing it.
    let modalEl = hint.modal || null, ariaModal = null;
    if (!modalEl) {
      if (!(R.dialogs instanceof HTMLCollection)) defHidden(R, 'dialogs', document.getElementsByTagName('dialog'), false);
      const ds = R.dialogs;
      for (let i = 0; i < ds.length; i++) {
        const d = ds[i];
        let m = false;
        try { m = d.open && d.matches(':modal'); } catch (e) { m = false; }
        if (m) modalEl = d;
      }
    }
    let backdrop;
    const bsBackdrop = () => {
      if (backdrop === undefined) {
        const b = document.querySelector('body > .modal-backdrop');
        backdrop = !!b && vis(b);
      }
      return backdrop;
    };
    const headingText = (el) => {
      const h = el.querySelector('h1,h2,h3,h4,h5,h6,[role=heading]');
      return h ? gather(h, {}, maxText * 2) : '';
    };
    if (modalEl) {
      modal = { label: cut(idrefText(modalEl, 'aria-labelledby') || clean(modalEl.getAttribute('aria-label')) || headingText(modalEl) || 'Dialog') };
    }

