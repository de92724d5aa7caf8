// KSyntaxHighlighting to HTML with one CSS class per text style, behind a C function Swift can call.

#include "CKSyntaxHighlighting.h"
#include "AddonDefinitions.h"

// What a systemLibrary's `providers` would say, had pkg-config a package for the library.
#if !__has_include(<KF5/KSyntaxHighlighting/KSyntaxHighlighting/abstracthighlighter.h>)
#error "KSyntaxHighlighting is missing: install Debian's libkf5syntaxhighlighting-dev (make deps does)"
#endif

#include <KF5/KSyntaxHighlighting/KSyntaxHighlighting/abstracthighlighter.h>
#include <KF5/KSyntaxHighlighting/KSyntaxHighlighting/definition.h>
#include <KF5/KSyntaxHighlighting/KSyntaxHighlighting/format.h>
#include <KF5/KSyntaxHighlighting/KSyntaxHighlighting/repository.h>
#include <KF5/KSyntaxHighlighting/KSyntaxHighlighting/state.h>
#include <KF5/KSyntaxHighlighting/KSyntaxHighlighting/theme.h>

#include <QHash>
#include <QString>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>

namespace {

using KSyntaxHighlighting::Theme;

// The classes, indexed by Theme::TextStyle; Normal text gets no span.
// Two letters per style (Keyword → hl-kw): a page of code carries one class per token, so the names'
// length is a good part of the page's bytes.
const char *const styleClasses[] = {
    nullptr, "hl-kw", "hl-fn", "hl-va", "hl-cf", "hl-op", "hl-bi", "hl-ex", "hl-pp", "hl-at", "hl-ch",
    "hl-sc", "hl-st", "hl-vs", "hl-ss", "hl-im", "hl-dt", "hl-dv", "hl-bn", "hl-fl", "hl-co", "hl-cm",
    "hl-do", "hl-an", "hl-cv", "hl-rm", "hl-in", "hl-wa", "hl-al", "hl-er", "hl-ot",
};
static_assert(sizeof(styleClasses) / sizeof(styleClasses[0]) == Theme::Others + 1, "one class per text style");

// Highlights line by line and appends each token to `html`, merging neighbours of the same style.
// One per thread: a Repository and the definitions it loads are not safe to share between threads.
class HTMLWriter : public KSyntaxHighlighting::AbstractHighlighter {
public:
    KSyntaxHighlighting::Repository repository;
    std::string html;

    HTMLWriter() {
        setTheme(repository.defaultTheme());
        for (const auto &definition : repository.definitions()) {
            definitionsByLowercaseName.insert(definition.name().toLower(), definition);
        }
    }

    // The definition called `name`, or else the one whose name differs only in case.
    KSyntaxHighlighting::Definition definition(const QString &name) const {
        const auto exact = repository.definitionForName(name);
        return exact.isValid() ? exact : definitionsByLowercaseName.value(name.toLower());
    }

    void highlight(const QString &code) {
        KSyntaxHighlighting::State state;
        int start = 0;
        while (start < code.size()) {
            int end = code.indexOf(QLatin1Char('\n'), start);
            if (end < 0) end = code.size();
            line = QStringView(code).mid(start, end - start);
            state = highlightLine(line, state);
            closeSpan();
            if (end < code.size()) html += '\n';
            start = end + 1;
        }
    }

protected:
    void applyFormat(int offset, int length, const KSyntaxHighlighting::Format &format) override {
        if (length == 0) return;
        const int style = format.textStyle();
        const char *name = style > 0 && style <= Theme::Others ? styleClasses[style] : nullptr;
        if (name != openClass) {
            closeSpan();
            if (name) {
                html += "<span class=\"";
                html += name;
                html += "\">";
            }
            openClass = name;
        }
        appendEscaped(line.mid(offset, length));
    }

private:
    QHash<QString, KSyntaxHighlighting::Definition> definitionsByLowercaseName;
    QStringView line;
    const char *openClass = nullptr;

    void closeSpan() {
        if (openClass) html += "</span>";
        openClass = nullptr;
    }

    // UTF-16 to UTF-8, escaping what HTML text needs escaped.
    void appendEscaped(QStringView text) {
        for (qsizetype i = 0; i < text.size(); i++) {
            char32_t c = text[i].unicode();
            if (QChar::isHighSurrogate(c) && i + 1 < text.size() && text[i + 1].isLowSurrogate()) {
                c = QChar::surrogateToUcs4(char16_t(c), text[++i].unicode());
            }
            switch (c) {
            case '&': html += "&amp;"; break;
            case '<': html += "&lt;"; break;
            case '>': html += "&gt;"; break;
            case '"': html += "&quot;"; break;
            default:
                if (c < 0x80) {
                    html += char(c);
                } else if (c < 0x800) {
                    html += char(0xC0 | (c >> 6));
                    html += char(0x80 | (c & 0x3F));
                } else if (c < 0x10000) {
                    html += char(0xE0 | (c >> 12));
                    html += char(0x80 | ((c >> 6) & 0x3F));
                    html += char(0x80 | (c & 0x3F));
                } else {
                    html += char(0xF0 | (c >> 18));
                    html += char(0x80 | ((c >> 12) & 0x3F));
                    html += char(0x80 | ((c >> 6) & 0x3F));
                    html += char(0x80 | (c & 0x3F));
                }
            }
        }
    }
};

HTMLWriter &writerOfThisThread() {
    static std::once_flag addonsRegistered;
    std::call_once(addonsRegistered, registerAddonDefinitions);
    // Never destroyed: a thread-local Qt object torn down at exit could outlive the Qt globals it uses.
    thread_local HTMLWriter *writer = new HTMLWriter();
    return *writer;
}

} // namespace

char *ksh_highlight_html(const char *definition, const char *code, size_t length, size_t *html_length) {
    HTMLWriter &writer = writerOfThisThread();
    const auto found = writer.definition(QString::fromUtf8(definition));
    if (!found.isValid()) return nullptr;
    writer.setDefinition(found);
    writer.html.clear();
    writer.html.reserve(length * 3);
    writer.highlight(QString::fromUtf8(code, int(length)));
    char *result = static_cast<char *>(std::malloc(writer.html.size() + 1));
    if (!result) return nullptr;
    std::memcpy(result, writer.html.data(), writer.html.size() + 1);
    *html_length = writer.html.size();
    return result;
}
