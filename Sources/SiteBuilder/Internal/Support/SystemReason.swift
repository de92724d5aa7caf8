import Foundation

extension Error {
    /// What a failed file operation says to a reader: the system's reason (`Permission denied`, `No space left on
    /// device`) and, when Foundation names one, the path it failed on; not Foundation's `Error Domain=…` text nor its
    /// "The operation could not be completed", which on Linux hold the reason only as an underlying error or a code.
    var systemReason: String {
        let error = self as NSError
        let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError
        let reason: String
        if error.domain == NSPOSIXErrorDomain {
            reason = String(cString: strerror(Int32(error.code)))
        } else if error.domain == NSCocoaErrorDomain, let known = Self.cocoaReasons[error.code] {
            reason = known
        } else if let underlying, underlying.domain == NSPOSIXErrorDomain {
            reason = String(cString: strerror(Int32(underlying.code)))
        } else {
            return error.localizedDescription
        }
        guard let path = error.userInfo[NSFilePathErrorKey] as? String else { return reason }
        return "\(path): \(reason)"
    }

    /// The reasons Foundation gives only as a code, in the system's words.
    private static var cocoaReasons: [Int: String] {
        [
            CocoaError.fileNoSuchFile.rawValue: "No such file or directory",
            CocoaError.fileReadNoSuchFile.rawValue: "No such file or directory",
            CocoaError.fileReadNoPermission.rawValue: "Permission denied",
            CocoaError.fileWriteNoPermission.rawValue: "Permission denied",
            CocoaError.fileWriteFileExists.rawValue: "a file is in the way",
            CocoaError.fileWriteOutOfSpace.rawValue: "No space left on device",
            CocoaError.fileWriteVolumeReadOnly.rawValue: "Read-only file system",
        ]
    }
}
