// location.js: where the tab's document is and whether it has loaded.
// Returns {href, complete}.
() => ({ href: String(location.href), complete: document.readyState === "complete" })
