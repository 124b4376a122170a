// ws.js: HTML's ASCII white space (space, tab, LF, FF, CR), not \s: a
// non-breaking space is text, as in the document's own text rendering.

// WS_ONE matches one white space character.
export var WS_ONE = /[ \t\n\f\r]/;
// WS_RUN matches every run of white space (global: for replace and split).
export var WS_RUN = /[ \t\n\f\r]+/g;
// WS_EDGE matches leading and trailing white space (global: for replace).
export var WS_EDGE = /^[ \t\n\f\r]+|[ \t\n\f\r]+$/g;
// NON_WS matches one character that is not white space.
export var NON_WS = /[^ \t\n\f\r]/;
