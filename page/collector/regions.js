// regions.js: landmarks and named sections as regions (regionOf), with
// ids unique in the snapshot.
import { w } from './state.js';
import { roleOf } from './controls.js';
import { headingText } from './modal.js';
import { sameSibling } from './records.js';
import { clean, gather, idrefText } from './text.js';

export const REGION_TAGS = { main: 'main', nav: 'navigation', aside: 'complementary', header: 'banner', footer: 'contentinfo', form: 'form', section: 'region', dialog: 'dialog', search: 'search', table: 'table' };
export const REGION_ROLES = new Set(['main', 'navigation', 'complementary', 'banner', 'contentinfo', 'search', 'form', 'region', 'dialog', 'alertdialog', 'table', 'grid', 'treegrid']);
export const IMPLICIT_ROLE = { main: 'main', nav: 'navigation', aside: 'complementary', header: 'banner', footer: 'contentinfo', form: 'form', section: 'region', dialog: 'dialog', search: 'search', table: 'table', ul: 'list', ol: 'list', article: 'article', fieldset: 'group', details: 'group' };
export const DEFAULT_LABEL = { main: 'Main', navigation: 'Navigation', complementary: 'Sidebar', banner: 'Header', contentinfo: 'Footer', search: 'Search', form: 'Form', region: 'Section', dialog: 'Dialog', alertdialog: 'Dialog', table: 'Table', grid: 'Grid', treegrid: 'Grid' };
export const DEFAULT_ID = { main: 'main', navigation: 'nav', complementary: 'aside', banner: 'header', contentinfo: 'footer', search: 'search', form: 'form', region: 'section', dialog: 'dialog', alertdialog: 'dialog', table: 'table', grid: 'grid', treegrid: 'grid' };
export const LANDMARK_IDS = new Set(Object.values(DEFAULT_ID));
export const NAMED_ONLY = new Set(['form', 'region', 'table', 'grid', 'treegrid']);
export const slug = (s) => (/[^\x00-\x7f]/.test(s) ? s.normalize('NFKD').replace(/[\u0300-\u036f]/g, '') : s).toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40).replace(/-+$/, '');
export const uniqueRegionId = (base) => {
  let id = base || 'region', n = 2;
  while (w.regionIds.has(id)) id = base + '-' + n++;
  w.regionIds.add(id);
  return id;
};
// regionOf returns the region an element opens, or null.
export const regionOf = (el, tag, role, hasAttr, ctx) => {
  if (w.declRegions) {
    if (!hasAttr) return null;
    const d = el.getAttribute('data-pling-region');
    if (d === null) return null;
    const label = clean(el.getAttribute('data-pling-label')) || idrefText(el, 'aria-labelledby') || clean(el.getAttribute('aria-label')) || clean(d);
    return { base: clean(d) || slug(label), label, role: role || IMPLICIT_ROLE[tag] || '', declared: true, purpose: clean(el.getAttribute('data-pling-purpose')) };
  }
  let r = role && REGION_ROLES.has(role) ? role : '';
  if (!r && !role) {
    r = REGION_TAGS[tag] || '';
    if ((tag === 'header' || tag === 'footer') && ctx.sect) r = '';
  }
  // a modal shown without ARIA (Bootstrap's .modal with its backdrop,
  // found by the walk) is a dialog region, like an ARIA dialog
  if (!r && !role && el === w.modalEl) r = 'dialog';
  if (!r && (role === 'article' || (tag === 'article' && !role)) && !ctx.rec && loneArticle(el, role)) {
    const label = (hasAttr && (idrefText(el, 'aria-labelledby') || clean(el.getAttribute('aria-label')))) || headingText(el);
    return { base: label ? slug(label) || 'article' : 'article', label: label || 'Article', role: 'article', declared: false, purpose: '' };
  }
  if (!r) return null;
  let label = hasAttr ? idrefText(el, 'aria-labelledby') || clean(el.getAttribute('aria-label')) : '';
  if (!label && hasAttr && tag === 'form') label = clean(el.getAttribute('name')) || clean(el.getAttribute('title'));
  if (!label && tag === 'table' && el.caption) label = gather(el.caption, {}, w.maxText * 2);
  if (!label && NAMED_ONLY.has(r)) return null;
  let authored = !!label;
  if (!label && (r === 'dialog' || r === 'alertdialog')) {
    label = headingText(el);
    authored = !!label;
  }
  // An authored label that is another landmark's id (a nav labelled
  // "Main") is qualified by the region's own kind: main-nav, not main.
  // (a trailing parenthesis holding a digit is the region's data, an id
  // or a count: Syncthing's "Add Folder (9nhdo-cjzfh)" is add-folder,
  // whatever id the dialog offers; the label keeps it)
  let base = authored ? slug(label.replace(DATA_PAREN, '')) || slug(label) || DEFAULT_ID[r] : DEFAULT_ID[r];
  if (authored && base !== DEFAULT_ID[r] && LANDMARK_IDS.has(base)) base = base + '-' + DEFAULT_ID[r];
  return { base, label: label || DEFAULT_LABEL[r], role: r, declared: false, purpose: '' };
};

const DATA_PAREN = /\s*\([^()]*\d[^()]*\)\s*$/;

export const loneArticle = (el, role) => !sameSibling(el, (s) => s.localName === 'article' || (s.hasAttributes() && roleOf(s) === 'article'));
