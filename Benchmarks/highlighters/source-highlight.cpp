// GNU source-highlight 3.1.9 (Debian libsource-highlight-dev) over every block, REPEAT times, to
// xhtmlcss (span classes). Languages it has no definition for are run through nohilite.lang.
//   source-highlight BLOCKS REPEAT
#include "blocks.h"

#include <srchilite/sourcehighlight.h>

#include <iostream>
#include <map>

int main(int argc, char **argv) {
    const auto blocks = readBlocks(argv[1]);
    const int repeat = std::atoi(argv[2]);
    const std::map<std::string, std::string> definitions = {
        {"python", "python.lang"}, {"bash", "sh.lang"}, {"json", "json.lang"}, {"go", "go.lang"},
        {"javascript", "javascript.lang"}};
    srchilite::SourceHighlight highlighter("xhtmlcss.outlang");
    highlighter.setGenerateEntireDoc(false);
    size_t bytes = 0, missing = 0;
    for (int pass = 0; pass < repeat; pass++) {
        for (const auto &[language, code] : blocks) {
            const auto found = definitions.find(language);
            if (found == definitions.end()) missing++;
            std::istringstream input(code);
            std::ostringstream output;
            highlighter.highlight(input, output, found == definitions.end() ? "nohilite.lang" : found->second);
            bytes += output.str().size();
        }
    }
    std::cerr << "source-highlight: " << blocks.size() * repeat << " blocks, " << missing
              << " of them without a definition, " << bytes << " bytes of HTML\n";
}
