// The site search's worker (started by search.js): Pagefind runs in here, on the parts the page names, so
// the page stays responsive while it ranks, and only the results shown go back to the page. Pagefind's own
// worker is not used: it keeps every result of every query until the page lets go of them, which on a large
// site means thousands per keystroke and long pauses to collect them.
let engine = null;
let latest = 0;

async function load(parts) {
  const [first, ...others] = parts;
  const pagefind = await import(`${first}pagefind.js`);
  // Inside a worker Pagefind finds no window and runs inline, without a worker of its own.
  await pagefind.options({ basePath: first, excerptLength: 24 });
  await pagefind.init();
  await Promise.all(others.map((path) => pagefind.mergeIndex(path)));
  return pagefind;
}

// A message is {id, parts, terms, shown}: terms null only loads the index. The answer is {id, total, results},
// {id, stale: true} when a later query came in meanwhile, or {id, error}.
self.addEventListener("message", async ({ data: { id, parts, terms, shown } }) => {
  latest = Math.max(latest, id);
  try {
    engine ??= load(parts);
    const pagefind = await engine;
    if (terms === null) {
      postMessage({ id, total: 0, results: [] });
      return;
    }
    if (id !== latest) return postMessage({ id, stale: true });
    const found = await pagefind.search(terms);
    if (id !== latest) return postMessage({ id, stale: true });
    const results = await Promise.all(found.results.slice(0, shown).map((result) => result.data()));
    postMessage({ id, total: found.results.length, results });
  } catch (error) {
    engine = null;
    postMessage({ id, error: String(error?.message ?? error) });
  }
});
