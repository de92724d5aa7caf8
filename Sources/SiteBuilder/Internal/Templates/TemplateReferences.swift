/// Finds the `{{> partial}}` and `{{<parent}}` tags in a template's source, with their lines.
///
/// swift-mustache renders a missing partial or parent as empty text, so the build reports missing
/// names when templates load. Dynamic names (`{{>*name}}`) are skipped: they are only known while rendering.
enum TemplateReferences {
    struct Reference: Equatable {
        let name: String
        let line: Int
        /// True for `{{<parent}}`, false for `{{> partial}}`.
        let isParent: Bool
    }

    static func find(in source: String) -> [Reference] {
        TemplateTags.scan(source).compactMap { tag in
            guard tag.sigil == ">" || tag.sigil == "<", !tag.name.isEmpty, !tag.name.hasPrefix("*") else { return nil }
            return Reference(name: tag.name, line: tag.line, isParent: tag.sigil == "<")
        }
    }
}
