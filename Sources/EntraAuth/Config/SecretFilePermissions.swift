import Foundation

extension RawSettings {
    /// The files secrets come from: `cookie_secret_file`, `client_secret_file`, `client_private_key`, and
    /// `configFile` when `cookie_secret` or `client_secret` is written in it.
    func secretFiles(relativeTo folder: String, configFile: String?) -> [String] {
        var files: [String] = []
        if let configFile, values["cookie_secret"] != nil || values["client_secret"] != nil { files.append(configFile) }
        for key in ["cookie_secret_file", "client_secret_file", "client_private_key"] {
            guard case .text(let path) = values[key] else { continue }
            files.append(path.hasPrefix("/") ? path : folder + "/" + path)
        }
        return files
    }
}

/// Whether a file holding a secret can be read by users other than the one `sitegen-auth` runs as.
///
/// A file other users may read (mode `o+r`), or whose group may read it when that group is not the service's own
/// (the package makes `/etc/sitegen/auth.toml` `root:sitegen-auth 0640`), gives the client secret, the certificate
/// key or the cookie secret — and with it every session — to them.
enum SecretFilePermissions {
    /// The group the service runs as: this process's own, or, run as root (`sudo sitegen-auth --check-config`),
    /// the `sitegen-auth` group the package and the guide create, so its `root:sitegen-auth 0640` file is private.
    static func serviceGroup(effectiveUser: uid_t = geteuid(), groupNamed: (String) -> gid_t? = groupID) -> gid_t {
        effectiveUser == 0 ? groupNamed("sitegen-auth") ?? getegid() : getegid()
    }

    private static func groupID(named name: String) -> gid_t? {
        getgrnam(name).map { $0.pointee.gr_gid }
    }

    /// One sentence per file others can read, naming it, its mode and the fix; empty when all are private.
    static func problems(in files: [String], serviceGroup: gid_t = serviceGroup()) -> [String] {
        files.compactMap { path in
            var status = stat()
            guard stat(path, &status) == 0 else { return nil }
            let mode = status.st_mode & 0o777
            let otherGroup = mode & 0o040 != 0 && status.st_gid != serviceGroup
            guard mode & 0o004 != 0 || otherGroup else { return nil }
            let who = mode & 0o004 != 0 ? "every user" : "the members of group \(status.st_gid)"
            return "'\(path)' holds a secret and \(who) may read it (mode \(String(mode, radix: 8))): let only "
                + "the user and group sitegen-auth runs as read it (chgrp sitegen-auth '\(path)'; chmod 640 '\(path)'), "
                + "and create secret files under umask 077"
        }
    }
}
