// Reads the blocks file extract_blocks.py writes: \x01LANGUAGE\n CODE \x02 per block.
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

inline std::vector<std::pair<std::string, std::string>> readBlocks(const char *path) {
    std::ifstream in(path);
    std::stringstream all;
    all << in.rdbuf();
    const std::string text = all.str();
    std::vector<std::pair<std::string, std::string>> blocks;
    for (size_t start = text.find('\x01'); start != std::string::npos; start = text.find('\x01', start)) {
        const size_t newline = text.find('\n', start), end = text.find('\x02', newline);
        blocks.emplace_back(text.substr(start + 1, newline - start - 1), text.substr(newline + 1, end - newline - 1));
        start = end;
    }
    return blocks;
}
