import AccessRules

/// What a `BuildSession` keeps of each page's key for its next build (see `RenderKeys`).
extension RenderKeys {
    /// What each page had: its digests, with what they were worked out from, and its key with the bytes it was
    /// hashed from, in the order of the build's pages, beside their sources (found again through a `ListAlignment`).
    struct Kept: Sendable {
        let editURLPattern: String
        let templates: TemplateDigests
        let site: SHA256.Digest
        let sources: [PageSource]
        /// Each page's key in its slot, which a session always keeps.
        let slots: [Keyed]
    }

    /// A page's key, in its slot when a session keeps one.
    enum Keyed: Sendable {
        case kept(Slot)
        case lone(String)

        var key: String {
            switch self {
            case .kept(let slot): slot.key
            case .lone(let key): key
            }
        }

        var slot: Slot? {
            guard case .kept(let slot) = self else { return nil }
            return slot
        }
    }

    /// A page's digests and key in a `Kept`. A class, as `Digests` is, so that passing one around is passing a
    /// reference, not its fields one by one, and a page whose key stands keeps last build's.
    final class Slot: Sendable {
        let digests: Digests
        let input: [UInt8]
        let key: String
        let template: String
        /// The digest of the page's children's list.
        let children: SHA256.Digest
        /// The digests of the pages before and after it, as objects.
        let neighbours: (previous: Digests?, next: Digests?)

        init(
            digests: Digests, input: [UInt8], key: String, template: String, children: SHA256.Digest,
            neighbours: (previous: Digests?, next: Digests?)
        ) {
            (self.digests, self.input, self.key, self.template) = (digests, input, key, template)
            (self.children, self.neighbours) = (children, neighbours)
        }
    }

    /// A page's own and entry digests, and what besides the page object they were made from.
    final class Digests: Sendable {
        let page: Page
        let rule: AccessRule
        let hasChildren: Bool
        let isHome: Bool
        let language: String
        let lastChange: SiteDate?
        let own: SHA256.Digest
        let entry: SHA256.Digest

        init(
            page: Page, rule: AccessRule, hasChildren: Bool, isHome: Bool, language: String, lastChange: SiteDate?,
            own: SHA256.Digest, entry: SHA256.Digest
        ) {
            (self.page, self.rule, self.hasChildren, self.isHome) = (page, rule, hasChildren, isHome)
            (self.language, self.lastChange, self.own, self.entry) = (language, lastChange, own, entry)
        }
    }
}
