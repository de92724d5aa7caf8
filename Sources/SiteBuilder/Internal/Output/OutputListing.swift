/// The output folder's files as a build found them, by path relative to the folder, with their stamps; and whether
/// they are exactly the files the last build's record lists, stamps and all: a `BuildSession` published that build,
/// and the output is still as it left it (`CacheMemory.outputAsRecorded`). A file the record lists is then intact
/// without its stamp being compared.
struct OutputListing: Sendable {
    let files: [String: FileStamp]
    let asRecorded: Bool
}
