/// The problems of one config, gathered so a run names all of them, as `sitegen build` does, rather than one per
/// attempt. Each is a line of the config error thrown at the end.
struct ConfigProblems {
    private(set) var messages: [String] = []

    /// What `read` gives, or nil with its problem noted when it throws a config error (nil alone for a key whose
    /// problem is noted already); other errors go on up.
    mutating func value<T>(_ read: () throws -> T) throws -> T? {
        do {
            return try read()
        } catch let error as AuthError where error.kind == .config {
            messages.append(error.message)
            return nil
        } catch is RawSettings.AlreadyReported {
            return nil
        }
    }

    /// Notes a problem found without a reader.
    mutating func note(_ message: String) {
        messages.append(message)
    }

    /// Every problem noted as one config error, a line each, in the order they were found.
    var error: AuthError {
        AuthError(.config, messages.joined(separator: "\n"))
    }
}
