/// The version of sitegen-auth, for `--version` and the `sitegen_auth_build_info` metric.
public enum BuildInfo {
    /// The release version.
    public static let version = "0.1.0"
}
