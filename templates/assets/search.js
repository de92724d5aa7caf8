// Site search, as you type. The index is published in parts, one per access rule (_search/<rule>/, split into
// shards _search/<rule>/<shard>/ when it has many pages), and each part only to readers who satisfy its rule;
// nginx writes the rules this reader satisfies into data-search-access. This script has search-worker.js
// search just those parts, so a reader never fetches a word of a page they may not open. A page built for a
// server without includes has no data-search-access: the worker then asks for every part and keeps those the
// server lets this reader have. It holds no page data itself.
(() => {
  const root = document.querySelector(".search[data-search-url]");
  if (!root) return;
  const input = root.querySelector(".search-input");
  const panel = root.querySelector(".search-panel");
  const status = root.querySelector(".search-status");
  const list = root.querySelector(".search-results");
  const shownResults = 10;
  const minimumLength = 2;

  // Rules go by their ids (eight characters of a-z and 2-7), the same in the page and in nginx's answer.
  const ruleIDs = (text) => (text || "").split(",").filter((item) => /^[a-z2-7]+$/.test(item));
  const probe = root.dataset.searchAccess === undefined;
  const granted = new Set(ruleIDs(root.dataset.searchAccess));
  // data-search-parts lists "rule:shards" items: a rule's part is split into shards _search/<rule>/<shard>/.
  const parts = (root.dataset.searchParts || "")
    .split(",")
    .map((item) => /^([a-z2-7]+):(\d+)$/.exec(item))
    .filter((match) => match && (probe || granted.has(match[1])))
    .flatMap(([, rule, shards]) => Array.from({ length: Number(shards) }, (_, shard) => `${rule}/${shard}`))
    .map((part) => new URL(`${root.dataset.searchUrl}${part}/`, location.href).pathname);

  // search.js's own address, for the worker beside it: assets/ beside _search/ at the site's root.
  const scriptURL =
    document.currentScript?.src || new URL("../assets/search.js", new URL(root.dataset.searchUrl, location.href)).href;

  let worker = null;
  let asked = 0;
  const waiting = new Map();
  let latestQuery = 0;
  let active = -1;
  // The last results searched for, shown again while the typed text adds nothing to search for.
  let lastSearch = { terms: null, results: [], message: "" };

  function failAll(message) {
    for (const { reject } of waiting.values()) reject(new Error(message));
    waiting.clear();
    worker?.terminate();
    worker = null;
  }

  // search-worker.js searches the parts of this reader's rules; nothing is fetched before the reader focuses
  // the field. `terms` null only loads the index.
  function ask(terms) {
    if (!worker) {
      worker = new Worker(new URL("search-worker.js", scriptURL), { type: "module" });
      worker.addEventListener("message", ({ data }) => {
        const request = waiting.get(data.id);
        waiting.delete(data.id);
        if (data.error) request?.reject(new Error(data.error));
        else request?.resolve(data);
      });
      worker.addEventListener("error", (event) => failAll(event.message || "the search worker failed"));
    }
    return new Promise((resolve, reject) => {
      const id = ++asked;
      waiting.set(id, { resolve, reject });
      worker.postMessage({ id, parts, probe, terms, shown: shownResults });
    });
  }

  const words = (text) => text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);

  // The worker's excerpts are [text, marked] pieces, made into nodes here: nothing in them is read as HTML.
  function snippet(pieces) {
    const paragraph = document.createElement("p");
    paragraph.className = "search-snippet";
    for (const [text, marked] of pieces || []) {
      if (marked) {
        const mark = document.createElement("mark");
        mark.textContent = text;
        paragraph.append(mark);
      } else {
        paragraph.append(text);
      }
    }
    return paragraph;
  }

  function element(tag, className, text) {
    const node = document.createElement(tag);
    node.className = className;
    node.textContent = text;
    return node;
  }

  // The words of a title that begin with a word of the query, in <mark>.
  function markedWords(text, query) {
    const terms = words(query);
    return text.split(/([\p{L}\p{N}]+)/u).map((piece) => {
      if (!terms.some((term) => piece.toLowerCase().startsWith(term))) return piece;
      const mark = document.createElement("mark");
      mark.textContent = piece;
      return mark;
    });
  }

  function option(result, index, query) {
    const item = document.createElement("li");
    item.id = `search-option-${index}`;
    item.className = "search-result";
    item.setAttribute("role", "option");
    item.setAttribute("aria-selected", "false");
    const link = document.createElement("a");
    link.href = result.url;
    link.tabIndex = -1;
    if (result.breadcrumb) {
      const crumbs = element("span", "search-crumbs", result.breadcrumb);
      if (result.breadcrumb.includes("…")) crumbs.title = "… stands for a section you cannot open";
      link.append(crumbs);
    }
    const heading = element("span", "search-title", "");
    heading.append(...markedWords(result.title || result.url, query));
    if (result.section && result.section !== result.title) {
      heading.append(element("span", "search-section", ` › ${result.section}`));
    }
    link.append(heading, snippet(result.excerpt));
    item.append(link);
    item.addEventListener("pointermove", () => select(index));
    return item;
  }

  function select(index) {
    const options = list.children;
    if (active >= 0 && options[active]) options[active].setAttribute("aria-selected", "false");
    active = index;
    if (index < 0 || !options[index]) {
      input.removeAttribute("aria-activedescendant");
      return;
    }
    options[index].setAttribute("aria-selected", "true");
    input.setAttribute("aria-activedescendant", options[index].id);
    options[index].scrollIntoView({ block: "nearest" });
  }

  function open() {
    panel.hidden = false;
    input.setAttribute("aria-expanded", "true");
  }

  function close() {
    panel.hidden = true;
    input.setAttribute("aria-expanded", "false");
    select(-1);
  }

  function show(query, results, message, terms = query) {
    list.replaceChildren(...results.map((result, index) => option(result, index, terms)));
    active = -1;
    select(results.length ? 0 : -1);
    status.textContent = message;
    list.dataset.query = query;
    open();
  }

  function summary(query, total) {
    if (total === 0) return `No pages match “${query.trim()}”.`;
    const pages = total === 1 ? "1 page matches" : `${total} pages match`;
    return total > shownResults ? `${pages}; the best ${shownResults} are shown.` : `${pages}.`;
  }

  // One letter matches most words of a site, so searching it would fetch much of the index to show
  // nothing useful: a last word of one letter is left out until the next one is typed.
  function searchTerms(query) {
    const typed = query.trim().split(/\s+/);
    if (typed.length > 1 && [...typed[typed.length - 1]].length < minimumLength) typed.pop();
    return typed.join(" ");
  }

  async function search(query) {
    const ticket = ++latestQuery;
    if (!query.trim()) {
      list.replaceChildren();
      list.dataset.query = query;
      close();
      return;
    }
    const terms = searchTerms(query);
    if ([...terms].length < minimumLength) {
      show(query, [], "Keep typing to search.");
      return;
    }
    if (terms === lastSearch.terms) {
      show(query, lastSearch.results, lastSearch.message, terms);
      return;
    }
    if (parts.length === 0) {
      show(query, [], "You have no pages to search here; sign in to search more.");
      return;
    }
    try {
      const answer = await ask(terms);
      if (ticket !== latestQuery || answer.stale) return;
      const message = summary(terms, answer.total);
      lastSearch = { terms, results: answer.results, message };
      show(query, lastSearch.results, lastSearch.message, terms);
    } catch (error) {
      if (ticket !== latestQuery) return;
      failAll(String(error));
      show(query, [], "Search could not be loaded; try again, or reload the page.");
      console.error("search:", error);
    }
  }

  input.addEventListener("input", () => search(input.value));
  input.addEventListener("focus", () => {
    if (parts.length) ask(null).catch(() => {});
    if (input.value.trim() && list.children.length) open();
  });
  input.addEventListener("keydown", (event) => {
    const count = list.children.length;
    if ((event.key === "ArrowDown" || event.key === "ArrowUp") && count) {
      event.preventDefault();
      if (panel.hidden) open();
      const step = event.key === "ArrowDown" ? 1 : -1;
      select((active + step + count) % count);
    } else if (event.key === "Enter" && count) {
      event.preventDefault();
      list.children[Math.max(active, 0)].querySelector("a").click();
    } else if (event.key === "Escape" && !panel.hidden) {
      event.preventDefault();
      close();
    }
  });
  root.addEventListener("focusout", (event) => {
    if (!root.contains(event.relatedTarget)) close();
  });
  document.addEventListener("pointerdown", (event) => {
    if (!root.contains(event.target)) close();
  });
  // "/" anywhere but in a text field goes to the search field, as on GitHub and MkDocs Material.
  document.addEventListener("keydown", (event) => {
    if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
    const target = event.target;
    if (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) return;
    event.preventDefault();
    input.focus();
    input.select();
  });
})();
