// KSyntaxHighlighting 5.103 (Debian libkf5syntaxhighlighting-dev) over every block, REPEAT times, to
// spans with a class per text style, as sitegen writes them.
//   ksyntaxhighlighting BLOCKS REPEAT
#include "blocks.h"

#include <KF5/KSyntaxHighlighting/KSyntaxHighlighting/abstracthighlighter.h>
#include <KF5/KSyntaxHighlighting/KSyntaxHighlighting/definition.h>
#include <KF5/KSyntaxHighlighting/KSyntaxHighlighting/format.h>
#include <KF5/KSyntaxHighlighting/KSyntaxHighlighting/repository.h>
#include <KF5/KSyntaxHighlighting/KSyntaxHighlighting/state.h>
#include <KF5/KSyntaxHighlighting/KSyntaxHighlighting/theme.h>

#include <iostream>
#include <map>

using namespace KSyntaxHighlighting;

struct Writer : AbstractHighlighter {
    std::string html;
    QStringView line;

    void applyFormat(int offset, int length, const Format &format) override {
        const std::string text = line.mid(offset, length).toUtf8().toStdString();
        std::string escaped;
        for (char c : text) escaped += c == '<' ? "&lt;" : c == '&' ? "&amp;" : c == '>' ? "&gt;" : std::string(1, c);
        if (format.textStyle() == Theme::Normal) {
            html += escaped;
        } else {
            html += "<span class=\"s" + std::to_string(format.textStyle()) + "\">" + escaped + "</span>";
        }
    }

    void run(const QString &code) {
        State state;
        for (const auto &each : code.split(QLatin1Char('\n'))) {
            line = each;
            state = highlightLine(line, state);
            html += '\n';
        }
    }
};

int main(int argc, char **argv) {
    const auto blocks = readBlocks(argv[1]);
    const int repeat = std::atoi(argv[2]);
    const std::map<std::string, QString> definitions = {
        {"python", "Python"}, {"bash", "Bash"}, {"yaml", "YAML"}, {"json", "JSON"}, {"go", "Go"},
        {"swift", "Swift"}, {"toml", "TOML"}, {"javascript", "JavaScript"}};
    Repository repository;
    Writer writer;
    writer.setTheme(repository.defaultTheme());
    size_t bytes = 0;
    for (int pass = 0; pass < repeat; pass++) {
        for (const auto &[language, code] : blocks) {
            writer.setDefinition(repository.definitionForName(definitions.at(language)));
            writer.html.clear();
            writer.run(QString::fromStdString(code));
            bytes += writer.html.size();
        }
    }
    std::cerr << "KSyntaxHighlighting: " << blocks.size() * repeat << " blocks, " << bytes << " bytes of HTML\n";
}
