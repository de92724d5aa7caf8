// Builds a lunr index ahead of time from MkDocs' search documents, as a site using lunr without a
// browser-side build would: node Benchmarks/lunr-index.js LUNR_JS SEARCH_INDEX_JSON OUTPUT_JSON
// (run by Benchmarks/search.py with Debian's libjs-lunr).
const fs = require("fs");
const [lunrPath, documentsPath, outputPath] = process.argv.slice(2);
const lunr = require(lunrPath);
const { docs } = JSON.parse(fs.readFileSync(documentsPath, "utf8"));
const index = lunr(function () {
  this.ref("location");
  this.field("title", { boost: 10 });
  this.field("text");
  for (const doc of docs) {
    this.add({ location: doc.location, title: doc.title, text: doc.text.replace(/<[^>]+>/g, " ") });
  }
});
fs.writeFileSync(outputPath, JSON.stringify(index));
