// Syntax definitions sitegen adds to KSyntaxHighlighting, compiled into the binary.
//
// KSyntaxHighlighting reads extra definitions from the Qt resource folder
// :/org.kde.syntax-highlighting/syntax-addons, the place it keeps for applications to bundle their
// own. Qt resources are normally compiled by rcc; here the small resource tree is assembled at start-up
// and registered with qRegisterResourceData, the function rcc's generated code calls (format version 1:
// 14-byte tree nodes, names as length, hash and UTF-16, data as length and bytes, all big-endian).

#include "AddonDefinitions.h"

#include <QHash>
#include <QString>
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

bool qRegisterResourceData(int version, const unsigned char *tree, const unsigned char *names,
                           const unsigned char *data);

namespace {

// nginx configuration: directives, the blocks that nest them, variables, strings, numbers with units.
const char nginxDefinition[] = R"xml(<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE language>
<language name="nginx" section="Configuration" extensions="nginx.conf;*.nginx" version="1" kateversion="5.0"
          author="sitegen" license="MIT">
  <highlighting>
    <list name="blocks">
      <item>events</item> <item>geo</item> <item>http</item> <item>if</item> <item>limit_except</item>
      <item>location</item> <item>mail</item> <item>map</item> <item>server</item> <item>split_clients</item>
      <item>stream</item> <item>types</item> <item>upstream</item>
    </list>
    <list name="values">
      <item>on</item> <item>off</item>
    </list>
    <contexts>
      <context name="Statement" attribute="Normal Text" lineEndContext="#stay">
        <DetectSpaces/>
        <DetectChar char="#" attribute="Comment" context="Comment"/>
        <AnyChar String="{};" attribute="Symbol" context="#stay"/>
        <keyword String="blocks" attribute="Block" context="Arguments"/>
        <RegExpr String="[A-Za-z_][A-Za-z0-9_]*" attribute="Directive" context="Arguments"/>
      </context>
      <context name="Arguments" attribute="Normal Text" lineEndContext="#stay">
        <DetectSpaces/>
        <DetectChar char="#" attribute="Comment" context="Comment"/>
        <AnyChar String="{;" attribute="Symbol" context="#pop"/>
        <DetectChar char="&quot;" attribute="String" context="Double Quoted"/>
        <DetectChar char="'" attribute="String" context="Single Quoted"/>
        <RegExpr String="\$(\{[A-Za-z_0-9]+\}|[A-Za-z_0-9]+)" attribute="Variable" context="#stay"/>
        <keyword String="values" attribute="Value" context="#stay"/>
        <RegExpr String="[0-9]+(\.[0-9]+)?[kKmMgGsShdwy]?(?=[\s;{])" attribute="Number" context="#stay"/>
        <RegExpr String="(~\*?|\^~|=)(?=\s)" attribute="Symbol" context="#stay"/>
        <RegExpr String="[^\s;{#&quot;'$]+" attribute="Normal Text" context="#stay"/>
      </context>
      <context name="Comment" attribute="Comment" lineEndContext="#pop"/>
      <context name="Double Quoted" attribute="String" lineEndContext="#stay">
        <DetectChar char="\" attribute="Escape" context="Escape"/>
        <RegExpr String="\$(\{[A-Za-z_0-9]+\}|[A-Za-z_0-9]+)" attribute="Variable" context="#stay"/>
        <DetectChar char="&quot;" attribute="String" context="#pop"/>
      </context>
      <context name="Single Quoted" attribute="String" lineEndContext="#stay">
        <DetectChar char="\" attribute="Escape" context="Escape"/>
        <RegExpr String="\$(\{[A-Za-z_0-9]+\}|[A-Za-z_0-9]+)" attribute="Variable" context="#stay"/>
        <DetectChar char="'" attribute="String" context="#pop"/>
      </context>
      <context name="Escape" attribute="Escape" lineEndContext="#pop">
        <RegExpr String="." attribute="Escape" context="#pop"/>
      </context>
    </contexts>
    <itemDatas>
      <itemData name="Normal Text" defStyleNum="dsNormal"/>
      <itemData name="Directive" defStyleNum="dsKeyword"/>
      <itemData name="Block" defStyleNum="dsControlFlow"/>
      <itemData name="Comment" defStyleNum="dsComment"/>
      <itemData name="String" defStyleNum="dsString"/>
      <itemData name="Escape" defStyleNum="dsSpecialChar"/>
      <itemData name="Variable" defStyleNum="dsVariable"/>
      <itemData name="Value" defStyleNum="dsConstant"/>
      <itemData name="Number" defStyleNum="dsDecVal"/>
      <itemData name="Symbol" defStyleNum="dsOperator"/>
    </itemDatas>
  </highlighting>
  <general>
    <comments><comment name="singleLine" start="#"/></comments>
    <keywords casesensitive="1"/>
  </general>
</language>
)xml";

struct AddonFile {
    const char16_t *name;
    const char *contents;
};

const AddonFile addons[] = {{u"nginx.xml", nginxDefinition}};

void appendBigEndian(std::vector<unsigned char> &bytes, uint32_t value, int width) {
    for (int shift = (width - 1) * 8; shift >= 0; shift -= 8) bytes.push_back((value >> shift) & 0xFF);
}

// Resource data must live as long as the process: Qt keeps pointers into it.
std::vector<unsigned char> tree, names, payloads;

// Appends `name` to the name table and returns its offset.
uint32_t addName(const QString &name) {
    const uint32_t offset = uint32_t(names.size());
    appendBigEndian(names, uint32_t(name.size()), 2);
    appendBigEndian(names, qt_hash(name), 4);
    for (QChar c : name) appendBigEndian(names, c.unicode(), 2);
    return offset;
}

void addFolder(uint32_t nameOffset, uint32_t childCount, uint32_t firstChild) {
    appendBigEndian(tree, nameOffset, 4);
    appendBigEndian(tree, 0x02, 2);  // a directory
    appendBigEndian(tree, childCount, 4);
    appendBigEndian(tree, firstChild, 4);
}

void addFile(uint32_t nameOffset, const char *contents) {
    appendBigEndian(tree, nameOffset, 4);
    appendBigEndian(tree, 0x00, 2);  // uncompressed file data
    appendBigEndian(tree, 0, 2);     // any country
    appendBigEndian(tree, 1, 2);     // the C language, Qt's default resource locale
    appendBigEndian(tree, uint32_t(payloads.size()), 4);
    const size_t length = std::char_traits<char>::length(contents);
    appendBigEndian(payloads, uint32_t(length), 4);
    payloads.insert(payloads.end(), contents, contents + length);
}

} // namespace

void registerAddonDefinitions() {
    // Nodes: 0 the root, 1 org.kde.syntax-highlighting, 2 syntax-addons, 3… its files sorted by name hash,
    // which is how Qt searches a folder.
    const uint32_t count = sizeof(addons) / sizeof(addons[0]);
    addFolder(addName(QString()), 1, 1);
    addFolder(addName(QStringLiteral("org.kde.syntax-highlighting")), 1, 2);
    addFolder(addName(QStringLiteral("syntax-addons")), count, 3);
    std::vector<AddonFile> files(addons, addons + count);
    std::sort(files.begin(), files.end(), [](const AddonFile &a, const AddonFile &b) {
        return qt_hash(QString::fromUtf16(a.name)) < qt_hash(QString::fromUtf16(b.name));
    });
    for (const AddonFile &file : files) addFile(addName(QString::fromUtf16(file.name)), file.contents);
    qRegisterResourceData(0x01, tree.data(), names.data(), payloads.data());
}
