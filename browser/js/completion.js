// completion.js: closes the completion list a code editor shows while it
// is typed into, so the next Enter breaks the line instead of picking a
// completion (CodeMirror 5's show-hint as phpMyAdmin uses it, Monaco's
// suggestions, CodeMirror 6's autocompletion all bind Enter while their
// list is open). It is closed through the editor's own API where the page
// exposes it, as the editor's Escape would; CodeMirror 6's view is not
// exposed, so for it the caller presses Escape, which its list binds.
import { monacoOf } from './editorselect.js';

// MONACO_WAIT_MAX_MS bounds the wait for Monaco's quick suggestions.
const MONACO_WAIT_MAX_MS = 200;

// quickSuggestDelay is how long (ms) Monaco waits after a key before it
// asks for its quick suggestions: the editor's quickSuggestionsDelay
// option, 10 ms unless the page set it.
const quickSuggestDelay = (ed) => {
  const opt = window.monaco && window.monaco.editor && window.monaco.editor.EditorOption;
  const ms = opt && typeof ed.getOption === "function" ? Number(ed.getOption(opt.quickSuggestionsDelay)) : NaN;
  return Number.isFinite(ms) && ms >= 0 ? Math.min(ms, MONACO_WAIT_MAX_MS) : 10;
};

// shown answers whether a Monaco suggest widget is on screen in root. The
// widget toggles its display (no class says it is open in 0.52).
const shown = (root) => [...root.querySelectorAll(".suggest-widget")].some((w) => w.getClientRects().length > 0);

// closeMonaco closes Monaco's suggestions. Monaco asks for them a moment
// after the last key (quickSuggestDelay) and shows them when its providers
// answer, so a list not open yet may open before the next key: it waits
// that moment out (a timer set later fires later) and then cancels
// whatever is open or under way (hideSuggestWidget, the command Escape
// runs, which also drops an answer still to come).
const closeMonaco = async (ed, root) => {
  await new Promise((r) => setTimeout(r, quickSuggestDelay(ed) + 2));
  const open = shown(root);
  ed.trigger("pling", "hideSuggestWidget", null);
  return open ? "closed" : "";
};

// CM6_LIST_WAIT_MS bounds the wait, after a step's last key, for the
// list CodeMirror 6's autocompletion opens activateOnTypingDelay (100 ms
// by default) after the last change.
const CM6_LIST_WAIT_MS = 150;

// cm6List is CodeMirror 6's open completion list in root, or null.
const cm6List = (root) => root.querySelector(".cm-tooltip-autocomplete");

// cm6Completes answers whether CodeMirror 6's autocompletion runs in the
// editor whose root is root: it marks its content aria-autocomplete.
const cm6Completes = (root) => {
  const content = root.querySelector(".cm-content");
  return !!content && content.getAttribute("aria-autocomplete") === "list";
};

// awaitCm6List resolves once a CodeMirror 6 list is open in root, or
// after CM6_LIST_WAIT_MS without one. Before a line break it is not
// waited for: the list opens 100 ms after the last change at the
// earliest, and ignores Enter for its first 75 ms (interactionDelay).
const awaitCm6List = (root) => new Promise((resolve) => {
  if (cm6List(root)) return resolve();
  let timer = 0;
  const mo = new MutationObserver(() => { if (cm6List(root)) done(); });
  const done = () => { mo.disconnect(); clearTimeout(timer); resolve(); };
  mo.observe(root, { childList: true, subtree: true });
  timer = setTimeout(done, CM6_LIST_WAIT_MS);
});

// closeCompletion closes the completion list open in the editor whose
// root is root: "closed" when it closed one, "escape" when the caller
// must press Escape (CodeMirror 6), "" when none is open. With
// awaitList (the step's keys are all in and ended in a word) a CodeMirror
// 6 list still to open is waited for. With keep (after the last key of a
// step that ends in a word and does not submit) CodeMirror 5's list, which
// it shows as the key goes in, is left open: its suggestions are the
// agent's to choose (phpMyAdmin's table names after "UPDATE shop_pr").
// Lists that open a moment later (Monaco's, CodeMirror 6's) are closed
// still: they would open after the observation, unseen, over the editor.
// It answers a promise (Monaco's close waits for its suggestions).
export const closeCompletion = async (root, awaitList, keep) => {
  if (!root) return "";
  const cm = root.CodeMirror;
  if (keep && cm && cm.state && cm.state.completionActive) return "";
  if (cm && cm.state && cm.state.completionActive) {
    if (typeof cm.closeHint === "function") cm.closeHint();
    else cm.state.completionActive.close();
    return "closed";
  }
  const ed = monacoOf(root);
  if (ed) return closeMonaco(ed, root);
  if (!root.classList.contains("cm-editor")) return "";
  if (awaitList && cm6Completes(root)) await awaitCm6List(root);
  return cm6List(root) ? "escape" : "";
};
