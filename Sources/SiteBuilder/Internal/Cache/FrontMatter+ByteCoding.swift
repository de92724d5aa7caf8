import AccessRules

extension FrontMatter: ByteCodable {
    init(from reader: inout ByteReader) throws(ByteReader.Damaged) {
        self.init()
        title = try reader.optional { reader throws(ByteReader.Damaged) in try reader.string() }
        navTitle = try reader.optional { reader throws(ByteReader.Damaged) in try reader.string() }
        description = try reader.string()
        date = try reader.optional { reader throws(ByteReader.Damaged) in try reader.value(SiteDate.self) }
        isDraft = try reader.bool()
        weight = try reader.optional { reader throws(ByteReader.Damaged) in try reader.double() }
        aliases = try reader.list { reader throws(ByteReader.Damaged) in
            Located(value: try reader.string(), line: try reader.int())
        }
        tags = try reader.list { reader throws(ByteReader.Damaged) in try reader.string() }
        template = try reader.optional { reader throws(ByteReader.Damaged) in
            Located(value: try reader.string(), line: try reader.int())
        }
        access = try reader.optional { reader throws(ByteReader.Damaged) in
            Located(value: try reader.value(AccessRule.self), line: try reader.int())
        }
        params = try reader.value([String: TemplateValue].self)
        warnings = try reader.list { reader throws(ByteReader.Damaged) in try reader.value(LineMessage.self) }
    }

    func write(to writer: inout ByteWriter) {
        writer.optional(title) { $0.string($1) }
        writer.optional(navTitle) { $0.string($1) }
        writer.string(description)
        writer.optional(date) { $0.value($1) }
        writer.bool(isDraft)
        writer.optional(weight) { $0.double($1) }
        writer.list(aliases) { writer, alias in
            writer.string(alias.value)
            writer.int(alias.line)
        }
        writer.list(tags) { $0.string($1) }
        writer.optional(template) { writer, template in
            writer.string(template.value)
            writer.int(template.line)
        }
        writer.optional(access) { writer, access in
            writer.value(access.value)
            writer.int(access.line)
        }
        writer.value(params)
        writer.list(warnings) { $0.value($1) }
    }
}

extension SiteDate: ByteCodable {
    init(from reader: inout ByteReader) throws(ByteReader.Damaged) {
        let text = try reader.string()
        guard let date = SiteDate(parsing: text) else { throw ByteReader.Damaged() }
        self = date
    }

    func write(to writer: inout ByteWriter) {
        writer.string(iso)
    }
}

extension AccessRule: ByteCodable {
    init(from reader: inout ByteReader) throws(ByteReader.Damaged) {
        switch try reader.tag() {
        case 0: self = .public
        case 1: self = .signedIn
        case 2:
            let lists = try reader.list { reader throws(ByteReader.Damaged) in
                try reader.list { reader throws(ByteReader.Damaged) in try reader.string() }
            }
            guard lists.count == 5 else { throw ByteReader.Damaged() }
            self = .restricted(
                Requirement(roles: lists[0], groups: lists[1], tenants: lists[2], users: lists[3], emails: lists[4]))
        default: throw ByteReader.Damaged()
        }
    }

    func write(to writer: inout ByteWriter) {
        switch self {
        case .public: writer.tag(0)
        case .signedIn: writer.tag(1)
        case .restricted(let requirement):
            writer.tag(2)
            let lists = [
                requirement.roles, requirement.groups, requirement.tenants, requirement.users, requirement.emails,
            ]
            writer.list(lists) { writer, list in writer.list(list) { $0.string($1) } }
        }
    }
}

extension TemplateValue: ByteCodable {
    init(from reader: inout ByteReader) throws(ByteReader.Damaged) {
        switch try reader.tag() {
        case 0: self = .string(try reader.string())
        case 1: self = .int(try reader.int())
        case 2:
            guard let number = Double(try reader.string()) else { throw ByteReader.Damaged() }
            self = .double(number)
        case 3: self = .bool(try reader.bool())
        case 4:
            self = .list(try reader.list { reader throws(ByteReader.Damaged) in try reader.value(TemplateValue.self) })
        case 5: self = .object(try reader.value([String: TemplateValue].self))
        case 6: self = .null
        default: throw ByteReader.Damaged()
        }
    }

    /// Front matter and `site.toml` make strings, numbers, booleans, lists and objects; a node is built
    /// by the build itself and never stored, so it is written as an empty value.
    func write(to writer: inout ByteWriter) {
        switch self {
        case .string(let text):
            writer.tag(0)
            writer.string(text)
        case .int(let number):
            writer.tag(1)
            writer.int(number)
        case .double(let number):
            writer.tag(2)
            writer.string("\(number)")
        case .bool(let flag):
            writer.tag(3)
            writer.bool(flag)
        case .list(let items):
            writer.tag(4)
            writer.list(items) { $0.value($1) }
        case .object(let fields):
            writer.tag(5)
            writer.value(fields)
        case .node, .null, .digested:
            writer.tag(6)
        }
    }
}

extension [String: TemplateValue]: ByteCodable {
    init(from reader: inout ByteReader) throws(ByteReader.Damaged) {
        let pairs = try reader.list { reader throws(ByteReader.Damaged) in
            (try reader.string(), try reader.value(TemplateValue.self))
        }
        self = Dictionary(pairs, uniquingKeysWith: { _, last in last })
    }

    /// In key order, so equal objects are stored as equal bytes.
    func write(to writer: inout ByteWriter) {
        writer.list(sorted { $0.key < $1.key }) { writer, field in
            writer.string(field.key)
            writer.value(field.value)
        }
    }
}
