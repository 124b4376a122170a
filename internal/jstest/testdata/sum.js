// A module for jstest's own test: a pure function and one over an element.
export const sum = (a, b) => a + b;
export const textOf = (el) => (el ? el.textContent.trim() : null);
