import Foundation

/// Lists the files in an output folder, hidden ones included, as paths relative to it.
enum OutputTree {
    static func files(in folder: String) -> Set<String> {
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return [] }
        var files: Set<String> = []
        while let path = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: DisplayPaths.join(folder, path), isDirectory: &isDirectory),
                !isDirectory.boolValue
            {
                files.insert(path)
            }
        }
        return files
    }
}
