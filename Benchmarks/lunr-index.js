// Builds a lunr index ahead of time from MkDocs' search documents, as a site using lunr without a
// browser-side build would: node Benchmarks/lunr-index.js LUNR_JS SEARCH_INDEX_JSON OUTPUT_JSON
// (run by Benchmarks/search.py with Debian's libjs-lunr). MkDocs lists every section of a page as a
// document; they are joined into one document per page, as sitegen indexes pages.
const fs = require("fs");
const [lunrPath, documentsPath, outputPath] = process.argv.slice(2);
const lunr = require(lunrPath);
const pages = new Map();
for (const doc of JSON.parse(fs.readFileSync(documentsPath, "utf8")).docs) {
  const url = doc.location.split("#")[0];
  const page = pages.get(url) ?? { url, title: doc.title, text: [] };
  page.text.push(doc.title, doc.text.replace(/<[^>]+>/g, " "));
  pages.set(url, page);
}
const index = lunr(function () {
  this.ref("url");
  this.field("title", { boost: 10 });
  this.field("text");
  for (const page of pages.values()) {
    this.add({ url: page.url, title: page.title, text: page.text.join(" ") });
  }
});
fs.writeFileSync(outputPath, JSON.stringify(index));
