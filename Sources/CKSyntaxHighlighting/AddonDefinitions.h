#ifndef ADDON_DEFINITIONS_H
#define ADDON_DEFINITIONS_H

/// Makes the syntax definitions KSyntaxHighlighting 5.103 lacks (nginx) part of every Repository made
/// afterwards. Call once, before the first Repository.
void registerAddonDefinitions();

#endif
