// occurrence.js: the one occurrence of a text that replace selects.

// where is the index {i} of find's one occurrence in text, or the error
// {code: "TEXT_NOT_FOUND" | "TEXT_AMBIGUOUS", n: occurrences (counted up
// to 100)}.
export const where = (text, find) => {
  const i = text.indexOf(find);
  if (i < 0) return { code: "TEXT_NOT_FOUND", n: 0 };
  let n = 1;
  for (let j = text.indexOf(find, i + 1); j >= 0 && n < 100; j = text.indexOf(find, j + 1)) n++;
  return n > 1 ? { code: "TEXT_AMBIGUOUS", n } : { i };
};
