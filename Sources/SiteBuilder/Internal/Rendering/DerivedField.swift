/// A field of a `TemplateNode` computed from the node the first time a template reads it, such as
/// a partial rendered once to be pasted (see `PartialReuse`). It follows from the node's other
/// fields and the templates, so it stays out of the node's digest, and a page kept from the build
/// cache never computes it. A nil value leaves the field out.
final class DerivedField: Sendable {
    let name: String
    private let compute: @Sendable (TemplateNode) -> String?
    private let computed = LazyValue<String?>()

    init(name: String, compute: @escaping @Sendable (TemplateNode) -> String?) {
        self.name = name
        self.compute = compute
    }

    func value(of node: TemplateNode) -> String? {
        computed.value { compute(node) }
    }
}
