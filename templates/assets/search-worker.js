// The site search's worker (started by search.js). It reads the index parts the page names (each part one
// access rule's pages, or a shard of them: _search/<rule>/<shard>/, written by sitegen's SearchPartFiles),
// ranks the pages that hold every word of a query, and sends the page only the results it shows, each with
// the section its words are in and an excerpt. Parts are fetched lazily: index.json when the field is
// focused, then only the word chunks a query's words fall in and the page files of the results shown.
const excerptWords = 24;
const titleBonus = 3;
const prefixFactor = 0.8;
// A page with every word of the query in its title comes before every page without.
const allInTitle = 1e6;

let loading = null;
let latest = 0;

// Han, kana and Hangul, as sitegen's SearchWords.isCJK lists them.
const cjk = /([\u1100-\u11FF\u3040-\u30FF\u3130-\u318F\u31F0-\u31FF\u3400-\u4DBF\u4E00-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF\uFF66-\uFF9F\u{20000}-\u{3FFFF}]+)/u;

// A run of CJK characters as its overlapping pairs (one character alone is a word of one).
const pairs = (run) => {
  const characters = [...run];
  if (characters.length < 2) return characters;
  return characters.slice(1).map((character, index) => characters[index] + character);
};

// Words as sitegen's SearchWords makes them: runs of letters and digits, lowercased, final sigma as σ,
// and CJK runs as pairs of characters.
const words = (text) =>
  text
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .flatMap((word) => word.split(cjk).flatMap((piece, index) => (index % 2 === 1 ? pairs(piece) : piece ? [piece] : [])))
    .map((word) => word.toLowerCase().replace(/ς/g, "σ"));

async function fetchJSON(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.json();
}

// A part's index.json, or null when `probe` is set and the server refuses it: 401, 403, or a redirect (to
// sign-in), which is not followed.
async function fetchIndex(url, probe) {
  if (!probe) return fetchJSON(url);
  const response = await fetch(url, { redirect: "manual" });
  if (response.status === 401 || response.status === 403 || response.type === "opaqueredirect") return null;
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.json();
}

// The parts' indexes. With `probe` (the page does not know the reader's rules: a server without includes),
// `bases` lists every part and those the server refuses this reader are left out.
async function load(bases, probe) {
  const parts = await Promise.all(
    bases.map(async (base) => {
      const index = await fetchIndex(`${base}index.json`, probe);
      if (index === null) return null;
      if (index.version !== 1) throw new Error(`${base}index.json: index format ${index.version}, expected 1`);
      return { base, pages: index.pages, chunks: index.chunks, words: new Map(), docs: new Map() };
    }),
  );
  return parts.filter(Boolean);
}

// Fetched once per part; a failed fetch is forgotten, so the next query tries again.
function cached(map, key, url) {
  let promise = map.get(key);
  if (!promise) {
    promise = fetchJSON(url);
    promise.catch(() => map.delete(key));
    map.set(key, promise);
  }
  return promise;
}

const chunk = (part, number) => cached(part.words, number, `${part.base}w/${number}.json`);
const page = (part, number) => cached(part.docs, number, `${part.base}p/${number}.json`);

// The chunks that can hold words starting with `prefix`: chunks[i] is chunk i's first word, in the order
// JavaScript compares strings, as the build sorted them.
function chunksFor(part, prefix) {
  const { chunks } = part;
  if (chunks.length === 0) return [];
  let start = 0;
  let low = 0;
  let high = chunks.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (chunks[middle] <= prefix) {
      start = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  const numbers = [start];
  for (let next = start + 1; next < chunks.length && chunks[next].startsWith(prefix); next++) numbers.push(next);
  return numbers;
}

// Each page's score for one query word (0: not on the page), the best of the words it begins: BM25, the
// weight's term-frequency part times the word's rarity in the part, with a bonus when the title has it.
async function wordScores(part, word) {
  const scores = new Float64Array(part.pages);
  const inTitle = new Uint8Array(part.pages);
  for (const number of chunksFor(part, word)) {
    const { terms, postings } = await chunk(part, number);
    terms.forEach((term, index) => {
      if (!term.startsWith(word)) return;
      const list = postings[index];
      const found = list.length / 2;
      const rarity = Math.log(1 + (part.pages - found + 0.5) / (found + 0.5));
      const factor = term === word ? rarity : rarity * prefixFactor;
      let pageNumber = 0;
      for (let at = 0; at < list.length; at += 2) {
        pageNumber += list[at];
        const weight = list[at + 1];
        const score = factor * ((weight >> 1) / 40 + (weight & 1) * titleBonus);
        if (score > scores[pageNumber]) scores[pageNumber] = score;
        inTitle[pageNumber] |= weight & 1;
      }
    });
  }
  return { scores, inTitle };
}

// The pages of every part holding every query word, best first.
async function ranked(parts, terms) {
  await Promise.all(parts.flatMap((part) => terms.flatMap((term) => chunksFor(part, term).map((n) => chunk(part, n)))));
  const found = [];
  for (const part of parts) {
    let total = null;
    let titled = null;
    for (const term of terms) {
      const { scores, inTitle } = await wordScores(part, term);
      if (!total) {
        total = scores;
        titled = inTitle;
        continue;
      }
      for (let number = 0; number < part.pages; number++) {
        total[number] = total[number] > 0 && scores[number] > 0 ? total[number] + scores[number] : 0;
        titled[number] &= inTitle[number];
      }
    }
    for (let number = 0; number < part.pages; number++) {
      if (total[number] > 0) found.push({ part, number, score: total[number] + (titled[number] ? allInTitle : 0) });
    }
  }
  return found.sort((a, b) => b.score - a.score);
}

// The section where most of the query's words are, and the excerpt of it where they are densest, as
// [text, marked] pieces: the page builds nodes from them and never reads HTML.
function excerpt(doc, terms) {
  let best = null;
  for (const [anchor, heading, text] of doc.sections) {
    const pieces = text.split(/([\p{L}\p{N}]+)/u);
    // Odd pieces are words: each with the query word it begins with, if any.
    const matched = pieces.map((piece, index) =>
      index % 2 === 1 ? terms.find((term) => words(piece)[0]?.startsWith(term)) : undefined,
    );
    const marked = matched.map(Boolean);
    const rank = new Set(matched.filter(Boolean)).size * 1e6 + marked.filter(Boolean).length;
    if (!best || rank > best.rank) best = { rank, anchor, heading, pieces, marked };
  }
  if (!best) return { anchor: "", heading: "", pieces: [] };
  const { pieces, marked } = best;
  const wordAt = pieces.map((_, index) => index).filter((index) => index % 2 === 1);
  let start = 0;
  let most = -1;
  for (let first = 0; first < Math.max(1, wordAt.length - excerptWords + 1); first++) {
    const count = wordAt.slice(first, first + excerptWords).filter((index) => marked[index]).length;
    if (count > most) {
      most = count;
      start = first;
    }
  }
  const from = start === 0 ? 0 : wordAt[start];
  // To the end of the text when the excerpt reaches its last word, so the closing punctuation stays.
  const toEnd = start + excerptWords >= wordAt.length;
  const last = toEnd ? pieces.length - 1 : wordAt[start + excerptWords - 1];
  const shown = pieces.slice(from, last + 1).map((text, offset) => [text, marked[from + offset] === true]);
  if (from > 0) shown.unshift(["… ", false]);
  if (!toEnd) shown.push([" …", false]);
  return { anchor: best.anchor, heading: best.heading, pieces: shown };
}

async function result(found, terms) {
  const doc = await page(found.part, found.number);
  const { anchor, heading, pieces } = excerpt(doc, terms);
  return {
    url: anchor ? `${doc.url}#${anchor}` : doc.url,
    title: doc.title,
    breadcrumb: doc.breadcrumb,
    section: anchor ? heading : "",
    excerpt: pieces,
  };
}

// A message is {id, parts, probe, terms, shown}: terms null only loads the index. The answer is {id, total, results},
// {id, stale: true} when a later query came in meanwhile, or {id, error}. Only a query makes an earlier one stale: a
// load asked for when the field gets focus again must not leave the query still running without an answer.
self.addEventListener("message", async ({ data: { id, parts, probe, terms, shown } }) => {
  if (terms !== null) latest = Math.max(latest, id);
  try {
    loading ??= load(parts, probe);
    const loaded = await loading;
    if (terms === null) return postMessage({ id, total: 0, results: [] });
    if (id !== latest) return postMessage({ id, stale: true });
    const queryWords = [...new Set(words(terms))];
    const found = queryWords.length ? await ranked(loaded, queryWords) : [];
    if (id !== latest) return postMessage({ id, stale: true });
    const results = await Promise.all(found.slice(0, shown).map((each) => result(each, queryWords)));
    postMessage({ id, total: found.length, results });
  } catch (error) {
    loading = null;
    postMessage({ id, error: String(error?.message ?? error) });
  }
});
